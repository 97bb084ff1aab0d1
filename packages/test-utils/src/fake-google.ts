import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture?: string;
}

export interface FakeGoogle {
  /** Serves Google's three OAuth endpoints under this base (GOOGLE_OAUTH_BASE_URL). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The profile the next consent screen "signs in" as. */
  nextProfile: GoogleProfile;
  /** Token requests seen, for assertions on what our client sent. */
  tokenRequests: URLSearchParams[];
  /** Every access token the token endpoint handed out, oldest first. */
  issuedAccessTokens: string[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

/**
 * A fake of Google's OAuth 2.0 / OpenID endpoints on loopback: the consent screen immediately
 * approves, the token endpoint checks the client secret, redirect URI and PKCE verifier, and
 * userinfo answers for the access token it issued.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const codes = new Map<string, { redirectUri: string; challenge: string; profile: GoogleProfile }>();
  const accessTokens = new Map<string, GoogleProfile>();
  const state: FakeGoogle = {
    baseUrl: '',
    clientId: 'fake-client.apps.googleusercontent.com',
    clientSecret: 'fake-secret',
    nextProfile: { sub: '1001', email: 'someone@gmail.test', email_verified: true, name: 'Some One' },
    tokenRequests: [],
    issuedAccessTokens: [],
    close: async () => {},
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== state.clientId) return json(400, { error: 'invalid_client' });
      const code = randomBytes(8).toString('hex');
      codes.set(code, {
        redirectUri,
        challenge: url.searchParams.get('code_challenge') ?? '',
        profile: state.nextProfile,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      state.tokenRequests.push(form);
      const basic = req.headers.authorization?.startsWith('Basic ')
        ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (basic[0] !== state.clientId || basic[1] !== state.clientSecret) return json(401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge)
        return json(400, { error: 'invalid_grant' });
      const accessToken = randomBytes(12).toString('hex');
      accessTokens.set(accessToken, grant.profile);
      state.issuedAccessTokens.push(accessToken);
      return json(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid email profile',
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      const profile = accessTokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
      return profile ? json(200, profile) : json(401, { error: 'invalid_token' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
