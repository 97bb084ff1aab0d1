/**
 * Fuzzes every route the app registers (new routes are picked up from `app.routes`) with random
 * path parameters, query strings and bodies (fuzz-inputs.ts) as an anonymous caller, the signed-in
 * builder who owns the app, and one of the app's users. Properties: never a 5xx; Object.prototype
 * stays clean; a refused write leaves the owner's data as it was; nothing stored carries a field
 * its entity does not declare, and no entity or field is named `__proto__`, `constructor` or
 * `prototype`. The app host's routes (`appHostRoutes`: pages, assets, Core integrations, the tool
 * run API) go to a tool app's own host, its end user as the app's user, a real run's id and the
 * tool's path in their parameters. 120 inputs per route with a fixed seed (about 1.5 minutes on PGlite on an
 * idle machine, run once on each database in CI: a regression net, not a search); FUZZ_RUNS multiplies that,
 * and `npm run fuzz` searches with ten times the inputs and a new seed each time.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CSV_DATA_TYPES } from '@tessera/contracts/entities';
import { SIGNUP_CONTACTS, STRONG_PASSWORD, uniqueEmail } from '@tessera/test-utils';
import { appHostRoutes } from '../testing/host-routes';
import { signUpAppUser } from '../testing/app-users';
import { createTestApp, TEST_PUBLIC_URL } from '../testing/harness';
import { buildGenApp } from '../testing/factories';
import { appHost, doneOf, endUserOf, makeToolApp, run } from '../testing/tool-apps';
import { bodyText, INHERITED_KEYS, nastyString, PROTO_KEYS, qText, longPath } from './fuzz-inputs';

const RUNS = Math.max(1, Math.round(120 * Number(process.env.FUZZ_RUNS ?? '1')));
/** The same inputs on every CI run (a failure replays); `npm run fuzz` picks a new seed each time. */
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const t = await createTestApp();
const builder = await t.signUpVerified();
const entities = {
  Task: {
    properties: {
      title: { type: 'string' },
      done: { type: 'boolean', default: false },
      estimate: { type: 'number' },
      due: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' } },
      meta: { type: 'object' },
    },
    required: ['title'],
    'x-accessControl': { permissions: { read: 'anonymous', write: 'anonymous' } },
  },
  Note: { properties: { text: { type: 'string' } } },
  User: { properties: { city: { type: 'string' } } },
};
const created = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Fuzzed', entities }),
});
const appId = created.body.appId as string;
const slug = created.body.slug as string;
/** Routes that may rightly end the fuzzed app (its owner deletes it) get a decoy of the same owner's. */
const decoy = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp({ name: 'Decoy' }) });
const APP_ENDING_ROUTES = new Set(['DELETE /api/apps/:appId']);
expect((await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token })).status).toBe(200);
const opened = await t.request('POST', `/api/apps/${appId}/settings`, {
  token: builder.token,
  body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
});
expect(opened.status).toBe(200);
const member = { email: uniqueEmail('member'), token: '' };
const onHost = { host: `${slug}.apps.localhost:3000` };
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const versionId = rows<{ id: string }>(
  await t.db.execute(sql`SELECT id FROM app_versions WHERE app_id = ${appId} LIMIT 1`),
)[0]!.id;
let recordId = '';
/** A live tool app (its tool at `ask`), one of its end users and a run of theirs, for the app host's routes. */
t.jobRunner.start();
const tool = await makeToolApp(t, { signup: true });
await t.jobRunner.stop();
const toolUser = await endUserOf(t, tool);
const toolRunId = doneOf(await run(t, tool.slug, { input: 'opening hours' }, { token: toolUser.token })).runId;
// A custom domain of the app, for the domain routes' :domainId (docs/product/custom-domains.md).
const domainId = 'fuzz-domain';
await t.db.execute(
  sql`INSERT INTO app_domains (id, app_id, hostname, verification_token) VALUES (${domainId}, ${appId}, 'fuzz.example.com', 'token')`,
);

/** Signs the app user in (again, after a fuzzed sign-out) on the app's host and puts the seed records back. */
async function ensureCallersAndSeeds() {
  const me = () =>
    t.request('GET', `/live_api/apps/${appId}/entities/User/me`, { token: member.token, headers: onHost });
  if (!member.token || (await me()).status !== 200) {
    const body = { email: member.email, password: STRONG_PASSWORD };
    const res = member.token
      ? await t.request('POST', `/live_api/apps/${appId}/auth/sign-in`, { body, headers: onHost })
      : await signUpAppUser(t, appId, body, onHost);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    member.token = res.body.token;
  }
  // Records the previous route created go (a refused request is compared on a small table); the seeds stay.
  await t.db.execute(
    sql`DELETE FROM entity_records WHERE app_id = ${appId} AND data ->> 'title' IS DISTINCT FROM 'Seed'`,
  );
  const list = await t.request('GET', `/live_api/apps/${appId}/entities/Task?limit=5`, { token: builder.token });
  expect(list.status).toBe(200);
  if (list.body.length >= 3) recordId = list.body[0].id;
  else {
    for (const token of [builder.token, builder.token, member.token]) {
      const body = { title: 'Seed', estimate: 2, tags: ['a'], meta: { city: 'Oslo' } };
      const headers = token === member.token ? onHost : {};
      recordId = (await t.request('POST', `/live_api/apps/${appId}/entities/Task`, { token, body, headers })).body.id;
    }
  }
}

const sqlArray = (keys: readonly string[]) => sql.raw(`ARRAY[${keys.map((k) => `'${k}'`).join(', ')}]`);
const PROTO_ARRAY = sqlArray(PROTO_KEYS);
const INHERITED_ARRAY = sqlArray([...PROTO_KEYS, ...INHERITED_KEYS]);
/**
 * The owner's app, its entities and records, as hashes; and what breaks the storage rules: a record
 * key that reaches a prototype (`toString`, `__proto__`...) without being a declared field, or such a
 * name as an entity or field. (Other undeclared keys are allowed: publishing keeps the values of
 * removed or unconvertible fields in their records, so nothing is lost.)
 */
async function snapshot() {
  const [row] = rows<{ app: string; schemas: string; records: string; bad_fields: number; bad_names: number }>(
    await t.db.execute(sql`SELECT
      (SELECT md5(a.name || a.definition::text || a.style::text || a.settings::text) FROM apps a WHERE a.id = ${appId}) AS app,
      (SELECT md5(coalesce(string_agg(e.name || e.schema::text, ',' ORDER BY e.name), '')) FROM app_entities e WHERE e.app_id = ${appId}) AS schemas,
      (SELECT md5(coalesce(string_agg(r.id || r.data::text, ',' ORDER BY r.id), '')) FROM entity_records r WHERE r.app_id = ${appId}) AS records,
      (SELECT count(*)::int FROM entity_records r JOIN app_entities e ON e.app_id = r.app_id AND e.name = r.entity,
         jsonb_object_keys(r.data) k
         WHERE k = ANY(${INHERITED_ARRAY}) AND NOT coalesce((e.schema::jsonb -> 'properties') ? k, false)) AS bad_fields,
      (SELECT count(*)::int FROM app_entities e WHERE e.name = ANY(${PROTO_ARRAY})
         OR (e.schema::jsonb -> 'properties') ?| ${PROTO_ARRAY}) AS bad_names`),
  );
  return row!;
}

type Route = { method: string; path: string; on: 'builder' | 'host' };
const hostRouter = appHostRoutes({ publicUrl: TEST_PUBLIC_URL } as Parameters<typeof appHostRoutes>[0]);
const routes: Route[] = [
  ...new Map(
    [
      ...t.app.routes.map((r) => ({ method: r.method, path: r.path, on: 'builder' as const })),
      ...hostRouter.routes.map((r) => ({ method: r.method, path: r.path, on: 'host' as const })),
    ].map((r) => [`${r.on} ${r.method} ${r.path}`, r]),
  ).values(),
];
const realParams: Record<string, (route: Route) => string[]> = {
  appId: (route) =>
    route.on === 'host'
      ? [tool.appId]
      : [APP_ENDING_ROUTES.has(`${route.method} ${route.path}`) ? decoy.body.appId : appId],
  name: () => ['Task', 'Note', 'User'],
  id: () => [recordId],
  versionId: () => [versionId],
  field: () => ['title', 'meta'],
  path: () => ['ask'],
  runId: () => [toolRunId],
  domainId: () => [domainId],
  slug: () => [tool.slug],
  endpoint: () => ['InvokeLLM', 'SendEmail', 'ExtractDataFromUploadedFile', 'GenerateImage'],
};
/** Lone surrogates as U+FFFD, so that encodeURIComponent takes the text. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
const malformedEscape = fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%80', '%2e%2e');
const segment = (route: Route, name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(realParams[name]?.(route) ?? [appId])) },
    { weight: 3, arbitrary: nastyString.filter((s) => s !== '').map((s) => encodeURIComponent(wellFormed(s))) },
    { weight: 1, arbitrary: malformedEscape },
  );
const pathOf = (route: Route): fc.Arbitrary<string> =>
  fc
    .tuple(
      ...route.path
        .split('/')
        .map((part) =>
          part.startsWith(':')
            ? segment(route, part.slice(1).replace(/\{.*$/, ''))
            : part === '*'
              ? fc.array(segment(route, '*'), { maxLength: 3 }).map((s) => s.join('/'))
              : fc.constant(part),
        ),
    )
    .map((parts) => parts.join('/') || '/');
const queryOf = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('q', 'sort', 'limit', 'skip', 'fields', 'to', 'token', 'callbackURL', 'id'),
        nastyString,
      ),
      fc.oneof(qText, nastyString, fc.constantFrom(longPath('meta', 4_900), '-__proto__', 'constructor,-title')),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs)}` : ''));
/** A CSV upload whose mapping may target prototype paths. */
const csvUpload = fc.record({
  mapping: fc.option(
    fc
      .array(
        fc.record({
          csvHeader: fc.constantFrom('title', 'a', 'b'),
          schemaField: fc.oneof(
            fc.constantFrom('__proto__.default', 'constructor.prototype.x', 'prototype', 'toString', 'meta.__proto__'),
            fc.constantFrom('title', 'meta.city', 'tags'),
            nastyString,
          ),
          dataType: fc.constantFrom(...CSV_DATA_TYPES),
        }),
        { minLength: 1, maxLength: 3 },
      )
      .map((m) => JSON.stringify(m)),
    { nil: undefined },
  ),
  importId: fc.option(nastyString, { nil: undefined }),
  csv: fc
    .array(fc.tuple(nastyString, nastyString, nastyString), { maxLength: 4 })
    .map((lines) => `title,a,b\n${lines.map((cells) => cells.map((c) => JSON.stringify(c)).join(',')).join('\n')}`),
});
const callerOf = fc.constantFrom('anonymous', 'builder', 'appUser', 'garbage' as const);
const garbageToken = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map(String.fromCharCode), maxLength: 60 });

const requestOf = (route: Route) =>
  fc.record({
    method:
      route.method === 'ALL' ? fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') : fc.constant(route.method),
    path: pathOf(route),
    query: queryOf,
    caller: callerOf,
    garbage: garbageToken.map((s) => (s.length % 2 ? `tsa_${s}` : s)),
    body: route.path.endsWith('/import') ? fc.oneof(csvUpload, bodyText) : bodyText,
    onAppHost: fc.boolean(),
    on: fc.constant(route.on),
  });
type FuzzInput = ReturnType<typeof requestOf> extends fc.Arbitrary<infer R> ? R : never;

const counts = { inputs: 0, serverErrors: 0 };
const baseline = Object.getOwnPropertyNames(Object.prototype);
afterAll(() =>
  console.log(`fuzz: ${routes.length} routes, ${counts.inputs} inputs, ${counts.serverErrors} 5xx (FUZZ_SEED=${SEED})`),
);

async function send(input: FuzzInput) {
  const headers: Record<string, string> = {};
  const appUser = input.on === 'host' ? toolUser.token : member.token;
  const token = { builder: builder.token, appUser, anonymous: '', garbage: input.garbage }[input.caller];
  if (token) headers.authorization = `Bearer ${token}`;
  // An app user's token counts on the app's own host only.
  if (input.on === 'host') headers.host = appHost(tool.slug);
  else if ((input.onAppHost || input.caller === 'appUser') && input.path.startsWith('/live_api/'))
    headers.host = onHost.host;
  let body: string | FormData | undefined;
  if (typeof input.body === 'object') {
    body = new FormData();
    if (input.body.mapping !== undefined) body.append('mapping', input.body.mapping);
    if (input.body.importId !== undefined) body.append('importId', input.body.importId);
    body.append('file', new Blob([input.body.csv], { type: 'text/csv' }), 'data.csv');
  } else if (input.body !== undefined && input.method !== 'GET') {
    body = input.body;
    headers['content-type'] = 'application/json';
  }
  const init = { method: input.method, headers, body };
  const res = await t.app.request(input.path + input.query, init, {
    incoming: { socket: { remoteAddress: '10.9.8.7' } },
  });
  if (res.headers.get('content-type')?.includes('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

describe('fuzzing every route', () => {
  beforeEach(ensureCallersAndSeeds);
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const [index, route] of routes.entries()) {
    it(`${route.on === 'host' ? 'app host ' : ''}${route.method} ${route.path}`, { timeout: 600_000 }, async () => {
      let before = await snapshot();
      const result = await fc.check(
        fc.asyncProperty(requestOf(route), async (input) => {
          counts.inputs++;
          const status = await send(input);
          if (status >= 500) counts.serverErrors++;
          const added = Object.getOwnPropertyNames(Object.prototype).filter((p) => !baseline.includes(p));
          for (const p of added) delete (Object.prototype as Record<string, unknown>)[p];
          expect(status, 'status').toBeLessThan(500);
          expect(added, 'Object.prototype').toEqual([]);
          if (input.method === 'GET') return;
          const after = await snapshot();
          const changed = before;
          before = after;
          if (status >= 400) expect(after, 'a refused request changed stored data').toEqual(changed);
          expect([after.bad_fields, after.bad_names], 'undeclared fields, prototype names').toEqual([0, 0]);
          if (typeof input.body === 'object' && status < 300) {
            const segments = JSON.stringify(input.body.mapping ?? '').match(/[A-Za-z_]+/g) ?? [];
            expect(
              segments.filter((s) => (PROTO_KEYS as readonly string[]).includes(s)),
              'mapping',
            ).toEqual([]);
          }
        }),
        { numRuns: RUNS, seed: SEED + index, interruptAfterTimeLimit: 120_000 },
      );
      expect(result.failed ? fc.defaultReportMessage(result) : null).toBeNull();
    });
  }
});
