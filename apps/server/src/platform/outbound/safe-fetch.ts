import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { AppError } from '../errors';
import { refusedAddressReason } from './ip-policy';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; the default asks the system resolver. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Where outbound fetches may go. Production code passes nothing: only public addresses, the system
 * resolver. Tests pass an allowance for their loopback servers and may inject a resolver.
 */
export interface FetchPolicy {
  /**
   * `host:port` pairs (as written in the URL) exempt from the address check — for tests that serve a
   * site on loopback. `host:*` allows any port of that host (end-to-end tests, whose sites listen on
   * a random port). Never filled from user input; from the environment only through
   * `fetchPolicyForTests`, which refuses production.
   */
  allowHosts?: readonly string[];
  /** Replaces the system resolver (tests: a name that resolves to loopback). */
  resolve?: Resolver;
}

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Budget for the whole fetch: every redirect hop, connecting, and reading the body. Default 15 s. */
  timeoutMs?: number;
  /** Largest body accepted, counted after decompression; a longer one aborts the fetch. Default 10 MiB. */
  maxBytes?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /**
   * Media types a successful (2xx) response may have, e.g. `['text/html', 'text/*']`; anything else
   * is refused before its body is read. Default: any.
   */
  allowedContentTypes?: readonly string[];
  /** Asked before each redirect; returning false hands the 3xx response back instead of following it. */
  followRedirect?: (to: URL) => boolean;
  signal?: AbortSignal;
  policy?: FetchPolicy;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** The media type without parameters, lower-cased (`text/html`), or null when absent. */
  contentType: string | null;
  body: Buffer;
  /** Each URL redirected to, in order. */
  redirects: string[];
  /** The body decoded with the response's charset (UTF-8 when absent or unknown). */
  text(): string;
}

/** Why an outbound fetch failed; `details.reason` of the AppError. */
export type OutboundFailure =
  'invalid-url' | 'scheme' | 'address' | 'too-many-redirects' | 'timeout' | 'too-large' | 'content-type' | 'network';

const DEFAULTS = { timeoutMs: 15_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };
/** Sent on every outbound request; robots.txt groups for "Tessera" apply to it. */
export const USER_AGENT = 'Mozilla/5.0 (compatible; Tessera/1.0; +self-hosted data source fetcher)';

const refuse = (reason: OutboundFailure, message: string, details: Record<string, unknown> = {}) =>
  new AppError('URL_NOT_ALLOWED', message, { reason, ...details });
const fail = (reason: OutboundFailure, message: string, details: Record<string, unknown> = {}) =>
  new AppError('FETCH_FAILED', message, { reason, ...details });

/** True when `error` is an outbound fetch refusal or failure (optionally of one reason). */
export function isOutboundError(error: unknown, reason?: OutboundFailure): error is AppError {
  if (!(error instanceof AppError) || (error.code !== 'URL_NOT_ALLOWED' && error.code !== 'FETCH_FAILED')) return false;
  return reason === undefined || (error.details as { reason?: string } | undefined)?.reason === reason;
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** `host` of a URL or of a `host:port` allowance, normalised the same way (default ports dropped); `host:*` kept as is. */
const hostKey = (value: string): string | null => {
  const anyPort = /:\*$/.test(value.trim());
  try {
    const url = new URL(`http://${value.trim().replace(/:\*$/, '')}`);
    return anyPort ? `${url.hostname}:*` : url.host;
  } catch {
    return null;
  }
};

const isAllowedHost = (url: URL, allowHosts: Set<string>) =>
  allowHosts.has(url.host) || allowHosts.has(`${url.hostname}:*`);

/**
 * The outbound policy from a test-only setting such as `OUTBOUND_TEST_ALLOW_HOSTS`
 * ("127.0.0.1:*,localhost:4100"): end-to-end tests run the real server and let it scrape a site on
 * loopback. Throws when the setting is present in production, where no allowance may exist.
 */
export function fetchPolicyForTests(value: string | undefined, nodeEnv: string): FetchPolicy | undefined {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (hosts.length === 0) return undefined;
  if (nodeEnv === 'production')
    throw new Error(
      'OUTBOUND_TEST_ALLOW_HOSTS lets the server fetch private addresses and cannot be set in production',
    );
  const bad = hosts.find((h) => hostKey(h) === null || !/:(\d+|\*)$/.test(h));
  if (bad) throw new Error(`OUTBOUND_TEST_ALLOW_HOSTS: "${bad}" is not host:port (or host:*)`);
  return { allowHosts: hosts };
}

/** Parses and checks a URL string: only absolute http(s) URLs pass. */
export function parseFetchUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw refuse('invalid-url', `"${String(input).slice(0, 200)}" is not a valid web address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(
      'scheme',
      `Only http and https addresses can be fetched, not ${url.protocol.replace(/:$/, '')}: (${url.href.slice(0, 200)})`,
      { url: url.href },
    );
  }
  return url;
}

/** The AppError for connecting to `address` on behalf of `url`, or null when allowed. */
function addressRefusal(url: URL, address: string): AppError | null {
  const why = refusedAddressReason(address);
  if (!why) return null;
  const literal = url.hostname.replace(/^\[|\]$/g, '') === address;
  const kind = `${/^[aeiouIU]/.test(why) ? 'an' : 'a'} ${why} address`;
  const message = literal
    ? `Refused to fetch ${url.href}: ${address} is ${kind}`
    : `Refused to fetch ${url.href}: ${url.hostname} resolves to ${address}, ${kind}`;
  return refuse('address', message, { url: url.href, address, addressKind: why });
}

/**
 * The `lookup` given to the socket: resolves the name, and refuses the connection when any address
 * is not public. The socket connects only to addresses this function returned, so the check and the
 * connection see the same answer — a DNS rebinding between "validate" and "connect" cannot happen.
 */
function guardedLookup(url: URL, resolve: Resolver, allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (resolved) => {
        const wanted =
          options.family === 4 || options.family === 6 ? resolved.filter((a) => a.family === options.family) : resolved;
        if (wanted.length === 0) {
          const err = Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
          return (callback as (e: Error) => void)(err);
        }
        if (!allowed) {
          for (const a of wanted) {
            const refusal = addressRefusal(url, a.address);
            if (refusal) return (callback as (e: Error) => void)(refusal);
          }
        }
        if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, wanted);
        else (callback as (e: null, a: string, f: number) => void)(null, wanted[0]!.address, wanted[0]!.family);
      },
      (err: Error) => (callback as (e: Error) => void)(err),
    );
  };
}

const networkFailure = (url: URL, err: NodeJS.ErrnoException): AppError => {
  const code = err.code ?? 'ERROR';
  const what =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `the host ${url.hostname} could not be resolved`
      : code === 'ECONNREFUSED'
        ? 'the connection was refused'
        : code === 'ECONNRESET'
          ? 'the connection was reset'
          : err.message;
  return fail('network', `Could not fetch ${url.href}: ${what}`, { url: url.href, errno: code });
};

const decoderFor = (encoding: string | undefined): Transform | null => {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
};

const mediaType = (header: string | undefined) => (header ? header.split(';')[0]!.trim().toLowerCase() || null : null);

const typeAllowed = (type: string | null, allowed: readonly string[]) =>
  type !== null &&
  allowed.some((a) => {
    const want = a.toLowerCase();
    return want.endsWith('/*') ? type.startsWith(want.slice(0, -1)) : type === want;
  });

const charsetOf = (header: string | undefined, body: Buffer, type: string | null): string => {
  const fromHeader = header && /charset\s*=\s*"?([\w.:-]+)/i.exec(header)?.[1];
  if (fromHeader) return fromHeader;
  if (type === 'text/html' || type === 'application/xhtml+xml') {
    // HTML may declare its charset in a meta tag within the first 1024 bytes.
    const head = body.subarray(0, 1024).toString('latin1');
    const meta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
    if (meta) return meta;
  }
  return 'utf-8';
};

const decodeText = (body: Buffer, charset: string): string => {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
};

type Hop = { status: number; headers: IncomingHttpHeaders; body: Buffer; location: URL | null };

/**
 * Fetches a URL from the server without letting it reach anything but the public internet: only
 * http(s); every hop's addresses are checked when the socket connects (custom `lookup`, IP literals
 * before connecting), redirects are followed by hand and re-checked, and time and size are bounded.
 * Refusals throw AppError `URL_NOT_ALLOWED`; failures throw `FETCH_FAILED` (both carry
 * `details.reason`). Non-2xx responses are returned, not thrown.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const resolve = options.policy?.resolve ?? systemResolver;
  const allowHosts = new Set((options.policy?.allowHosts ?? []).map(hostKey).filter((h): h is string => h !== null));
  options.signal?.throwIfAborted();

  const first = parseFetchUrl(input);
  const deadline = Date.now() + timeoutMs;
  const redirects: string[] = [];
  let url = first;
  let method = options.method ?? 'GET';
  let body = options.body;
  let headers = { ...options.headers };

  for (;;) {
    const hop = await requestOnce(url, {
      method,
      headers,
      body,
      deadline,
      timeoutMs,
      maxBytes,
      resolve,
      allowed: isAllowedHost(url, allowHosts),
      allowedContentTypes: options.allowedContentTypes,
      signal: options.signal,
    });
    if (hop.location) {
      const next = hop.location;
      if (options.followRedirect && !options.followRedirect(next)) return toResponse(url, hop, redirects);
      if (redirects.length >= maxRedirects) {
        throw fail('too-many-redirects', `Could not fetch ${first.href}: more than ${maxRedirects} redirects`, {
          url: first.href,
          redirects,
        });
      }
      parseFetchUrl(next);
      // Credentials stay with the origin they were given for.
      if (next.origin !== url.origin) {
        headers = Object.fromEntries(
          Object.entries(headers).filter(([k]) => !/^(authorization|cookie|proxy-authorization)$/i.test(k)),
        );
      }
      // As browsers do: 303 (and 301/302 after a POST) continues as a GET without the body.
      if (
        (hop.status === 303 && method !== 'HEAD') ||
        ((hop.status === 301 || hop.status === 302) && method === 'POST')
      ) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-(type|length)$/i.test(k)));
      }
      redirects.push(next.href);
      url = next;
      continue;
    }
    return toResponse(url, hop, redirects);
  }
}

function toResponse(url: URL, hop: Hop, redirects: string[]): SafeResponse {
  const rawType = hop.headers['content-type'];
  const contentType = mediaType(rawType);
  return {
    url: url.href,
    status: hop.status,
    ok: hop.status >= 200 && hop.status < 300,
    headers: hop.headers,
    contentType,
    body: hop.body,
    redirects,
    text: () => decodeText(hop.body, charsetOf(rawType, hop.body, contentType)),
  };
}

interface HopOptions {
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  deadline: number;
  timeoutMs: number;
  maxBytes: number;
  resolve: Resolver;
  allowed: boolean;
  allowedContentTypes: readonly string[] | undefined;
  signal: AbortSignal | undefined;
}

/** One request/response exchange, no redirects followed. Resolves a 3xx with its location. */
function requestOnce(url: URL, o: HopOptions): Promise<Hop> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // The socket skips `lookup` for IP literals, so those are checked here, before connecting.
  if (isIP(hostname) && !o.allowed) {
    const refusal = addressRefusal(url, hostname);
    if (refusal) return Promise.reject(refusal);
  }
  if (o.signal?.aborted)
    return Promise.reject(o.signal.reason instanceof Error ? o.signal.reason : new Error('aborted'));
  const remaining = o.deadline - Date.now();
  if (remaining <= 0)
    return Promise.reject(
      fail('timeout', `Could not fetch ${url.href}: no answer within ${o.timeoutMs} ms`, { url: url.href }),
    );

  return new Promise<Hop>((resolvePromise, rejectPromise) => {
    let settled = false;
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request({
      protocol: url.protocol,
      hostname,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: o.method,
      // A fresh socket per request: a pooled one could skip the lookup check.
      agent: false,
      lookup: guardedLookup(url, o.resolve, o.allowed),
      headers: {
        'user-agent': USER_AGENT,
        accept: '*/*',
        'accept-encoding': 'gzip, deflate, br',
        ...o.headers,
      },
    });

    const finish = (error: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        rejectPromise(error);
      } else resolvePromise(hop!);
    };
    const timer = setTimeout(
      () =>
        finish(fail('timeout', `Could not fetch ${url.href}: no answer within ${o.timeoutMs} ms`, { url: url.href })),
      remaining,
    );
    const onAbort = () => finish(o.signal!.reason instanceof Error ? o.signal!.reason : new Error('aborted'));
    o.signal?.addEventListener('abort', onAbort, { once: true });

    req.on('socket', (socket: Socket) => {
      // Belt and braces: whatever path led here, the peer actually connected must be allowed.
      socket.once('connect', () => {
        if (o.allowed || !socket.remoteAddress) return;
        const refusal = addressRefusal(url, socket.remoteAddress);
        if (refusal) finish(refusal);
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish(err instanceof AppError ? err : networkFailure(url, err)));
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location) {
        res.resume();
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return finish(
            refuse('invalid-url', `Could not fetch ${url.href}: it redirects to an invalid address`, { url: url.href }),
          );
        }
        return finish(null, { status, headers: res.headers, body: Buffer.alloc(0), location: next });
      }
      const ok = status >= 200 && status < 300;
      const type = mediaType(res.headers['content-type']);
      if (ok && o.allowedContentTypes && !typeAllowed(type, o.allowedContentTypes)) {
        return finish(
          fail('content-type', `Could not fetch ${url.href}: its content type ${type ?? '(none)'} is not accepted`, {
            url: url.href,
            contentType: type,
          }),
        );
      }
      const tooLarge = () =>
        fail('too-large', `Could not fetch ${url.href}: the response is larger than ${o.maxBytes} bytes`, {
          url: url.href,
          maxBytes: o.maxBytes,
        });
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > o.maxBytes && !res.headers['content-encoding'])
        return finish(tooLarge());
      if (o.method === 'HEAD') {
        res.resume();
        return finish(null, { status, headers: res.headers, body: Buffer.alloc(0), location: null });
      }

      const decoder = decoderFor(res.headers['content-encoding']);
      const stream = decoder ? res.pipe(decoder) : res;
      if (decoder) res.on('error', (err) => decoder.destroy(err));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Counted after decompression, so a small gzip bomb stops here too.
        if (size > o.maxBytes) {
          decoder?.destroy();
          return finish(tooLarge());
        }
        chunks.push(chunk);
      });
      stream.on('error', (err: NodeJS.ErrnoException) =>
        finish(
          decoder
            ? fail('network', `Could not fetch ${url.href}: the body could not be decoded (${err.message})`, {
                url: url.href,
              })
            : networkFailure(url, err),
        ),
      );
      stream.on('end', () =>
        finish(null, { status, headers: res.headers, body: Buffer.concat(chunks), location: null }),
      );
      res.on('aborted', () =>
        finish(fail('network', `Could not fetch ${url.href}: the connection closed early`, { url: url.href })),
      );
    });

    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}
