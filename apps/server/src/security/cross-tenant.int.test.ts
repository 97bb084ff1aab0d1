/**
 * Cross-tenant isolation: builders A and B each have an app with entities, records, versions, chat,
 * a data source, app users and an invitation. Randomised attempts by builder A (with A's preview
 * token at times), one of A's app users and an anonymous caller go to every route the server
 * registers (read from `app.routes` and the app host's router, so new routes are covered), on the
 * builder origin and on both app hosts, with every path parameter, query and body filled with B's
 * ids (apps, records, versions, messages, data sources, users, entity names, slug, tool runs), on both
 * tenants' tool hosts too (A's end user and A's visitor id sent to B's tool). A success is a
 * 2xx whose body carries one of B's secrets or private ids, or one after which B's stored state
 * differs. CROSS_TENANT_RUNS sets the number of attempts, CROSS_TENANT_SEED picks the inputs (1 by default, so a CI failure replays).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREVIEW_TOKEN_FRAGMENT, PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import { VISITOR_COOKIE, VISITOR_HEADER } from '@tessera/contracts/tool-runs';
import { accounts } from '@tessera/db';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { appHostRoutes } from '../testing/host-routes';
import { signUpAppUser } from '../testing/app-users';
import { createTestApp, TEST_PUBLIC_URL } from '../testing/harness';
import { buildGenApp } from '../testing/factories';
import { doneOf, endUserOf, makeToolApp, run, visitorOf } from '../testing/tool-apps';

const RUNS = Number(process.env.CROSS_TENANT_RUNS ?? 10_000);
const SEED = Number(process.env.CROSS_TENANT_SEED ?? 1);
const t = await createTestApp();
await t.signUpVerified(); // the install's first account is an admin: neither tenant is
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const hostOf = (slug: string) => `${slug}.apps.localhost:3000`;
/** The app's uploaded files (local storage). */
const filesOf = (appId: string) => {
  const dir = join(t.config.dataDir, 'files', 'apps', appId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

const PAGE = 'export default function Home() { return <h1>Hello</h1>; }';
const ENTITIES = {
  Task: {
    properties: { title: { type: 'string' } },
    'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
  },
  Ledger: {
    properties: { note: { type: 'string' } },
    'x-accessControl': { permissions: { read: 'admin', write: 'admin' } },
  },
};

/** A builder on the MOON plan with one app holding a bit of everything, and its private values. */
async function tenant(name: string) {
  const secret = `${name}-secret-${randomUUID()}`;
  const builder = await t.signUpVerified(uniqueEmail(name));
  await t.db.update(accounts).set({ plan: 'moon' }).where(eq(accounts.id, builder.accountId));
  const as = { token: builder.token };
  const made = await t.request('POST', '/api/apps', {
    ...as,
    body: buildGenApp({ name: `App ${name}`, pages: { Home: PAGE }, entities: ENTITIES }),
  });
  const appId = made.body.appId as string;
  const slug = made.body.slug as string;
  const onHost = { host: hostOf(slug) };
  expect((await t.request('POST', `/api/apps/${appId}/publish`, as)).status).toBe(200);
  const settings = (isSignupEnabled: boolean) =>
    t.request('POST', `/api/apps/${appId}/settings`, {
      ...as,
      body: { appSettings: { isSignupEnabled, ...SIGNUP_CONTACTS } },
    });
  expect((await settings(true)).status).toBe(200);
  const users = [];
  for (const role of ['first', 'second']) {
    const email = uniqueEmail(`${name}-${role}`);
    const res = await signUpAppUser(t, appId, { email }, onHost);
    expect(res.status).toBe(200);
    users.push({ email, id: res.body.user.id as string, token: res.body.token as string });
  }
  // B's sign-up is closed again: nobody may become one of its users during the attempts.
  expect((await settings(false)).status).toBe(200);
  const invited = uniqueEmail(`${name}-invited`);
  const invite = await t.request('POST', `/live_api/apps/${appId}/users/invite-user`, {
    ...as,
    body: { user_email: invited, role: 'user' },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const recordIds: string[] = [];
  for (const [entity, token, data] of [
    ['Task', builder.token, { title: `${secret} owner task` }],
    ['Task', users[0]!.token, { title: `${secret} user task` }],
    ['Ledger', builder.token, { note: `${secret} ledger` }],
  ] as const) {
    // App users' sessions hold on the host they were issued on only.
    const headers = token === builder.token ? {} : onHost;
    const res = await t.request('POST', `/live_api/apps/${appId}/entities/${entity}`, { token, headers, body: data });
    expect(res.status).toBe(200);
    recordIds.push(res.body.id as string);
  }
  const chat = await t.request('POST', `/api/apps/${appId}/chat`, {
    ...as,
    body: {
      id: appId,
      messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: `Add notes ${secret}` }] }],
    },
  });
  expect(chat.status).toBe(200);
  const item = await t.request('POST', `/api/context/ingest/text?appId=${appId}`, {
    ...as,
    body: { name: `${secret} notes`, context: `The vault code is ${secret}.` },
  });
  expect(item.status, JSON.stringify(item.body)).toBe(200);
  // An app key for exported projects (its id in :keyId; the key itself is B's secret).
  const appKey = await t.request('POST', `/api/apps/${appId}/keys`, { ...as, body: { name: 'Site', canWrite: true } });
  expect(appKey.status).toBe(200);
  // And a server key (full access to B's records): never A's to learn or use.
  const serverKey = await t.request('POST', `/api/apps/${appId}/keys`, {
    ...as,
    body: { name: 'Backend', kind: 'server', canWrite: true },
  });
  expect(serverKey.status).toBe(200);
  const q = (text: string) => t.db.execute(sql.raw(text.replaceAll('$app', `'${appId}'`)));
  // A verified custom domain (written directly: the tenants' plan has no App settings for generated apps).
  const domainId = randomUUID();
  await q(
    `INSERT INTO app_domains (id, app_id, hostname, verification_token, status) VALUES ('${domainId}', $app, '${name}-${secret}.example.com', 'token-${secret}', 'verified')`,
  );
  const versionIds = rows<{ id: string }>(await q('SELECT id FROM app_versions WHERE app_id = $app')).map((r) => r.id);
  const messageIds = rows<{ id: string }>(await q('SELECT id FROM chat_messages WHERE app_id = $app')).map((r) => r.id);
  const invitedId = rows<{ id: string }>(
    await q(`SELECT id FROM app_users WHERE app_id = $app AND email = '${invited}'`),
  )[0]!.id;
  const { published } = rows<{ published: string }>(
    await q('SELECT published_version_id AS published FROM apps WHERE id = $app'),
  )[0]!;
  const preview = await t.request('POST', `/api/apps/${appId}/preview-url`, { ...as, body: {} });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const previewToken = new URLSearchParams(new URL(preview.body.url as string).hash.slice(1)).get(
    PREVIEW_TOKEN_FRAGMENT,
  )!;
  // A live tool app of the tenant's (tool at `ask`): an end user's run, and a visitor's id on its host.
  // End users may edit their results there, so an edit of B's run by anyone else would show.
  const tool = await makeToolApp(t, { signup: true, settings: { userCanEditResults: true } });
  const toolUser = await endUserOf(t, tool);
  const toolRun = doneOf(await run(t, tool.slug, { input: `opening hours ${secret}` }, { token: toolUser.token }));
  const visitor = visitorOf(await run(t, tool.slug, { input: 'delivery' }, { ip: '10.3.3.3' }))!;
  expect(visitor).toBeTruthy();
  const qt = (text: string) => t.db.execute(sql.raw(text.replaceAll('$app', `'${tool.appId}'`)));
  return {
    builder,
    tool: { ...tool, user: toolUser, runId: toolRun.runId, visitor },
    appId,
    slug,
    secret,
    users,
    invited,
    recordIds,
    versionIds,
    messageIds,
    previewToken,
    keyId: appKey.body.id as string,
    domainId,
    itemIds: [item.body.contextItemId as string],
    userIds: [...users.map((u) => u.id), invitedId, builder.userId],
    // What only B may see: a published app's id, slug, name and live version are public on its host.
    privateValues: [
      secret,
      builder.email,
      builder.userId,
      builder.accountId,
      builder.token,
      invited,
      invitedId,
      previewToken,
      appKey.body.key as string,
      serverKey.body.key as string,
      ...users.flatMap((u) => [u.email, u.id, u.token]),
      ...recordIds,
      ...messageIds,
      item.body.contextItemId as string,
      ...versionIds.filter((v) => v !== published),
      toolRun.runId,
      visitor,
      toolUser.token,
      toolUser.userId,
    ],
    /** Everything B owns, as one text to compare before and after. */
    state: async () =>
      JSON.stringify(
        await Promise.all(
          [
            'SELECT * FROM apps WHERE id = $app',
            'SELECT * FROM app_entities WHERE app_id = $app ORDER BY name',
            'SELECT * FROM entity_records WHERE app_id = $app ORDER BY id',
            'SELECT * FROM app_versions WHERE app_id = $app ORDER BY id',
            'SELECT * FROM chat_messages WHERE app_id = $app ORDER BY id',
            'SELECT * FROM context_items WHERE app_id = $app ORDER BY id',
            'SELECT * FROM app_users WHERE app_id = $app ORDER BY id',
            'SELECT * FROM app_slugs WHERE app_id = $app ORDER BY slug',
            'SELECT * FROM app_looks WHERE app_id = $app',
            'SELECT * FROM app_domains WHERE app_id = $app ORDER BY id',
            'SELECT * FROM app_keys WHERE app_id = $app ORDER BY id',
          ].map(async (text) => rows(await q(text))),
        ).then(async (tables) => [
          ...tables,
          filesOf(appId),
          // The tool app and its end user's runs (anyone may add runs of their own to a live tool).
          rows(await qt(`SELECT * FROM apps WHERE id = $app`)),
          rows(await qt(`SELECT * FROM tool_runs WHERE id = '${toolRun.runId}'`)),
          rows(await qt(`SELECT * FROM app_users WHERE app_id = $app ORDER BY id`)),
        ]),
      ),
  };
}

t.jobRunner.start(); // the tool apps' data items are read by jobs
const A = await tenant('a');
const B = await tenant('b');
await t.jobRunner.stop();

/** Every route of the server and of an app host, methods spelled out (ALL becomes any method). */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const hostRouter = appHostRoutes({ publicUrl: TEST_PUBLIC_URL } as Parameters<typeof appHostRoutes>[0]);
const ROUTES = [
  ...new Map(
    [
      ...t.app.routes.map((r) => ({ ...r, on: 'builder' as const })),
      ...hostRouter.routes.map((r) => ({ ...r, on: 'host' as const })),
    ].map((r) => [`${r.on} ${r.method} ${r.path}`, r]),
  ).values(),
];

/** B's ids by the path parameter they fit; any other id of B may land anywhere too. */
const POOLS: Record<string, string[]> = {
  appId: [B.appId],
  id: [...B.recordIds, ...B.itemIds, ...B.userIds],
  versionId: B.versionIds,
  messageId: B.messageIds,
  name: ['Task', 'Ledger', 'User'],
  field: ['title', 'note'],
  slug: [B.slug, B.tool.slug],
  path: ['ask'],
  runId: [B.tool.runId],
  domainId: [B.domainId],
  keyId: [B.keyId],
  file: [`${B.recordIds[0]}.png`, 'runtime.js'],
  endpoint: ['UploadFile', 'InvokeLLM'],
};
const ANY_B = [...new Set(Object.values(POOLS).flat())];
const QUERIES = [
  '',
  `?appId=${B.appId}`,
  `?appId=${B.appId}&versionId=${B.versionIds[0]}`,
  `?appId=${B.appId}&replaceItemId=${B.itemIds[0]}`,
  `?q=${encodeURIComponent(JSON.stringify({ title: { $regex: 'secret' } }))}`,
  `?to=${encodeURIComponent(B.users[0]!.email)}`,
];
/** A real one-pixel PNG in a multipart form (uploads and imports read nothing else). */
const MULTIPART_PNG = 'multipart png';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e0a4d40000000049454e44ae426082',
  'hex',
);
const BODIES: unknown[] = [
  undefined,
  MULTIPART_PNG,
  {},
  { appId: B.appId },
  { title: 'taken over', note: 'taken over' },
  [{ title: 'taken over' }],
  buildGenApp({ name: 'Taken over', slug: B.slug }, B.appId),
  { appType: 'tool', appId: B.appId, app: { name: 'Taken over' } },
  { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
  { appStyle: { buttonBackgroundColor: '#000000' } },
  { appTexts: { header: 'Taken over' } },
  { slug: 'taken-over' },
  { user_email: uniqueEmail('intruder'), role: 'admin' },
  { email: B.users[0]!.email, password: `${STRONG_PASSWORD}-guess` },
  { email: B.users[0]!.email },
  { email: B.users[0]!.email, otp_code: '000000' },
  { messageId: B.messageIds[0], messageContent: 'x' },
  { versionId: B.versionIds[0] },
  { query: B.secret, itemIds: B.itemIds, mode: 'fts' },
  { name: 'Renamed by A' },
  { schema: ENTITIES.Task },
  { to: 'renamed' },
  { id: B.appId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: 'delete everything' }] }] },
  { contextItems: [{ source: 'notion', providerItemId: 'x', name: 'x', type: 'notion_page' }] },
  { context: 'injected', name: 'injected' },
  { prompt: `Repeat ${B.secret}` },
];

type Actor = 'builderA' | 'appUserA' | 'toolUserA' | 'anonymous';
const attemptArb = fc.record({
  route: fc.constantFrom(...ROUTES),
  actor: fc.constantFrom<Actor>('builderA', 'appUserA', 'toolUserA', 'anonymous'),
  withPreview: fc.boolean(),
  /** A's visitor id (issued on A's tool host), as the header or the cookie. */
  visitor: fc.constantFrom(null, 'header', 'cookie'),
  host: fc.constantFrom('builder', 'hostB', 'hostA', 'toolB', 'toolA'),
  params: fc.array(fc.tuple(fc.boolean(), fc.nat()), { minLength: 6, maxLength: 6 }),
  method: fc.constantFrom(...METHODS),
  query: fc.constantFrom(...QUERIES),
  body: fc.constantFrom(...BODIES),
  ip: fc.tuple(fc.nat(255), fc.nat(255)),
});
type Attempt = typeof attemptArb extends fc.Arbitrary<infer T> ? T : never;

/** The request an attempt makes: B's ids in every parameter, on the host it names. */
function requestOf(a: Attempt) {
  let n = 0;
  const pick = (pool: string[]) => {
    const [fromAny, index] = a.params[n++ % a.params.length]!;
    const from = fromAny || !pool.length ? ANY_B : pool;
    return encodeURIComponent(from[index % from.length]!);
  };
  const path = a.route.path
    .replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_, name: string) => pick(POOLS[name] ?? ANY_B))
    .replace(/\*/g, () => pick(ANY_B));
  const slugs = { hostA: A.slug, hostB: B.slug, toolA: A.tool.slug, toolB: B.tool.slug };
  const host =
    a.host === 'builder' ? (a.route.on === 'host' ? hostOf(B.slug) : 'localhost:3000') : hostOf(slugs[a.host]);
  const headers: Record<string, string> = { host };
  if (a.actor === 'builderA') headers.authorization = `Bearer ${A.builder.token}`;
  if (a.actor === 'builderA' && a.withPreview) headers[PREVIEW_TOKEN_HEADER] = A.previewToken;
  if (a.actor === 'appUserA') headers.authorization = `Bearer ${A.users[0]!.token}`;
  if (a.actor === 'toolUserA') headers.authorization = `Bearer ${A.tool.user.token}`;
  if (a.visitor === 'header') headers[VISITOR_HEADER] = A.tool.visitor;
  if (a.visitor === 'cookie') headers.cookie = `${VISITOR_COOKIE}=${A.tool.visitor}`;
  let body: string | FormData | undefined;
  if (a.body === MULTIPART_PNG) {
    body = new FormData();
    body.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  } else if (a.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(a.body);
  }
  const method = a.route.method === 'ALL' ? a.method : a.route.method;
  return { method, url: `${path}${a.query}`, headers, body: method === 'GET' ? undefined : body };
}

/** The body's text, or what came within 2 s (an event stream never ends by itself). */
async function textOf(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 2000;
  for (;;) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
    ]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel().catch(() => {});
  return text;
}

type Sent = { method: string; url: string; headers: Record<string, string>; body?: string | FormData };
/** Sends one request; the reason it counts as a success against B (a leak or a change), or null. */
async function attack(req: Sent, ip: string, before: string) {
  const res = await t.app.request(
    req.url,
    { method: req.method, headers: req.headers, body: req.body },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  const text = await textOf(res);
  if (res.status < 200 || res.status > 299) return { status: res.status, success: null };
  const leaked = B.privateValues.find((v) => text.includes(v));
  const changed = req.method !== 'GET' && (await B.state()) !== before;
  return { status: res.status, success: leaked ? `leaks ${leaked}` : changed ? "changes B's data" : null };
}

describe('cross-tenant isolation', () => {
  it("notices a success: B's own calls are seen as leaks and changes", async () => {
    const before = await B.state();
    const asB = { authorization: `Bearer ${B.builder.token}` };
    const list = {
      method: 'GET',
      url: `/live_api/apps/${B.appId}/entities/Task`,
      headers: { host: 'localhost:3000', ...asB },
    };
    expect((await attack(list, '10.0.0.1', before)).success).toBe(`leaks ${B.secret}`);
    const rename = {
      method: 'POST',
      url: `/api/apps/${B.appId}/style`,
      headers: { host: 'localhost:3000', 'content-type': 'application/json', ...asB },
      body: JSON.stringify({ appStyle: { buttonBackgroundColor: '#123456' } }),
    };
    expect((await attack(rename, '10.0.0.1', before)).success).toBe("changes B's data");
    await t.request('POST', `/api/apps/${B.appId}/style`, { token: B.builder.token, body: { appStyle: {} } });
    // B's end user editing their own tool run's result, on B's tool host.
    const edit = {
      method: 'PUT',
      url: `/live_api/tools/runs/${B.tool.runId}/result`,
      headers: {
        host: hostOf(B.tool.slug),
        'content-type': 'application/json',
        authorization: `Bearer ${B.tool.user.token}`,
      },
      body: JSON.stringify({ result: 'Edited by B' }),
    };
    expect((await attack(edit, '10.0.0.1', await B.state())).success).toMatch(/^leaks |changes B's data/);
  });

  it(`lets builder A, A's app user and anonymous callers reach none of B's data (${RUNS} attempts)`, async () => {
    const before = await B.state();
    let baseline = before;
    const statuses: Record<string, number> = {};
    const successes: string[] = [];
    const failures: string[] = [];
    let attempts = 0;
    await fc.assert(
      fc.asyncProperty(attemptArb, async (a) => {
        const req = requestOf(a);
        const { status, success } = await attack(req, `10.${a.ip[0]}.${a.ip[1]}.9`, baseline);
        // A change is blamed once, on the attempt that made it.
        if (success === "changes B's data") baseline = await B.state();
        attempts++;
        statuses[status] = (statuses[status] ?? 0) + 1;
        const line = `${a.actor} ${req.method} ${req.headers.host}${req.url} -> ${status}`;
        if (status >= 500) failures.push(line);
        if (success) successes.push(`${line} ${success}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const after = await B.state();
    console.log(
      JSON.stringify({
        seed: SEED,
        routes: ROUTES.length,
        attempts,
        successes: successes.length + (after === before ? 0 : 1),
        statuses,
      }),
    );
    // Server errors are the fuzz suite's to fail on; listed here for whoever reads the log.
    if (failures.length) console.log(JSON.stringify({ serverErrors: [...new Set(failures)].slice(0, 20) }));
    expect(successes).toEqual([]);
    expect(after).toBe(before);
    expect(attempts).toBe(RUNS);
  }, 600_000);
});
