import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, type AccessLevel } from '@tessera/contracts/entities';
import { accounts, appUsers, entityRecords } from '@tessera/db';
import { SIGNUP_CONTACTS, uniqueEmail } from '@tessera/test-utils';
import { signUpAppUser } from '../../testing/app-users';
import { createTestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';

/**
 * Every cell of docs/entity-access.md, through HTTP with real sessions: five callers x five levels
 * x every operation of the entity API. Expectations are written out here, not derived from the code.
 */
type Outcome = 'all' | 'own' | 401 | 403;
const CALLERS = ['anonymous', 'user', 'creator', 'admin', 'builder'] as const;
type CallerName = (typeof CALLERS)[number];

const READ: Record<AccessLevel, Record<CallerName, Outcome>> = {
  anonymous: { anonymous: 'all', user: 'all', creator: 'all', admin: 'all', builder: 'all' },
  all: { anonymous: 401, user: 'all', creator: 'all', admin: 'all', builder: 'all' },
  creator: { anonymous: 401, user: 'own', creator: 'own', admin: 'all', builder: 'all' },
  admin: { anonymous: 401, user: 403, creator: 403, admin: 'all', builder: 'all' },
  none: { anonymous: 401, user: 403, creator: 403, admin: 'all', builder: 'all' },
};
/** Create is "own" for creator-level writes only in that the new row belongs to its creator. */
const WRITE = READ;

const t = await createTestApp();
const builder = await t.signUpVerified();
const entities = Object.fromEntries(
  ACCESS_LEVELS.map((level) => [
    `L_${level}`,
    { properties: { title: { type: 'string' } }, 'x-accessControl': { permissions: { read: level, write: level } } },
  ]),
);
const { body: made } = await t.request('POST', '/api/apps', {
  token: builder.token,
  body: buildGenApp({ name: 'Matrix', entities }),
});
const appId = made.appId as string;
// Sign-up opens on a published app with its contacts set (docs/product/database.md#states-and-transitions).
await t.request('POST', `/api/apps/${appId}/publish`, { token: builder.token });
expect(
  (
    await t.request('POST', `/api/apps/${appId}/settings`, {
      token: builder.token,
      body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
    })
  ).status,
).toBe(200);

async function appUser(role: 'user' | 'admin') {
  const { body } = await signUpAppUser(t, appId, { email: uniqueEmail(role) });
  if (role === 'admin')
    await t.db
      .update(appUsers)
      .set({ role })
      .where(and(eq(appUsers.appId, appId), eq(appUsers.id, body.user.id)));
  return { token: body.token as string, id: body.user.id as string };
}
const creator = await appUser('user');
const other = await appUser('user');
const admin = await appUser('admin');
const tokens: Record<CallerName, string | undefined> = {
  anonymous: undefined,
  user: other.token,
  creator: creator.token,
  admin: admin.token,
  builder: builder.token,
};

/** A row made by `creator`, straight in the table, so it exists whatever the level allows. */
async function seedRow(level: AccessLevel, title: string) {
  const id = randomUUID();
  await t.db.insert(entityRecords).values({ id, appId, entity: `L_${level}`, data: { title }, creatorId: creator.id });
  return id;
}

function expectOutcome(res: { status: number }, outcome: Outcome, label: string) {
  if (outcome === 401 || outcome === 403) expect(res.status, label).toBe(outcome);
  else expect(res.status, label).toBe(200);
}

describe('entity access matrix', () => {
  for (const level of ACCESS_LEVELS) {
    for (const caller of CALLERS) {
      it(`${level} level, ${caller}`, async () => {
        const base = `/live_api/apps/${appId}/entities/L_${level}`;
        const token = tokens[caller];
        const read = READ[level][caller];
        const write = WRITE[level][caller];
        const seesRow = read === 'all' || (read === 'own' && caller === 'creator');
        const touchesRow = write === 'all' || (write === 'own' && caller === 'creator');
        const rowId = await seedRow(level, `seed-${caller}`);

        const list = await t.request('GET', `${base}?limit=1000`, { token });
        expectOutcome(list, read, 'list');
        if (list.status === 200) {
          const ids = list.body.map((r: { id: string }) => r.id);
          expect(ids.includes(rowId), 'list shows the row').toBe(seesRow);
          if (read === 'own')
            expect(
              list.body.every(
                (r: { creatorId: string }) => r.creatorId === (caller === 'creator' ? creator.id : other.id),
              ),
              'own rows only',
            ).toBe(true);
        }
        // The schema tells what an entity holds: it is read like the records.
        const schema = await t.request('GET', `${base}/schema`, { token });
        expectOutcome(schema, read, 'schema');
        if (schema.status === 200) expect(schema.body.properties.title, 'schema').toEqual({ type: 'string' });
        const get = await t.request('GET', `${base}/${rowId}`, { token });
        expect(get.status, 'get').toBe(typeof read === 'number' ? read : seesRow ? 200 : 404);

        const create = await t.request('POST', base, { token, body: { title: 'new' } });
        expectOutcome(create, write, 'create');
        const bulk = await t.request('POST', `${base}/bulk`, { token, body: [{ title: 'b1' }, { title: 'b2' }] });
        expectOutcome(bulk, write, 'bulk');
        const form = new FormData();
        form.append('file', new Blob(['title\nimported\n']), 'rows.csv');
        const imported = await t.app.request(`${base}/import`, {
          method: 'POST',
          body: form,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expectOutcome(imported, write, 'import');

        const update = await t.request('PUT', `${base}/${rowId}`, { token, body: { title: 'changed' } });
        expect(update.status, 'update').toBe(typeof write === 'number' ? write : touchesRow ? 200 : 404);
        const target = await seedRow(level, `doomed-${caller}`);
        const many = await t.request(
          'DELETE',
          `${base}?q=${encodeURIComponent(JSON.stringify({ title: `doomed-${caller}` }))}`,
          { token },
        );
        expectOutcome(many, write, 'delete-many');
        if (many.status === 200) expect(many.body.deleted, 'delete-many count').toBe(touchesRow ? 1 : 0);
        const del = await t.request('DELETE', `${base}/${touchesRow ? rowId : target}`, { token });
        expect(del.status, 'delete').toBe(typeof write === 'number' ? write : touchesRow ? 200 : 404);
        const [stillThere] = await t.db.select().from(entityRecords).where(eq(entityRecords.id, rowId));
        expect(Boolean(stillThere), 'row survives unless the caller may delete it').toBe(!touchesRow);
      });
    }
  }
});

describe('cross-app isolation', () => {
  it('never lets a user, admin or builder of one app read or write another app (randomised)', async () => {
    const otherBuilder = await t.signUpVerified();
    const { body: second } = await t.request('POST', '/api/apps', {
      token: otherBuilder.token,
      body: buildGenApp({
        name: 'Other',
        entities: {
          Note: {
            properties: { title: { type: 'string' } },
            'x-accessControl': { permissions: { read: 'all', write: 'all' } },
          },
        },
      }),
    });
    // App settings of a generated app need the MOON plan (docs/product/database.md#roles-and-permissions); sign-up needs it published.
    await t.db.update(accounts).set({ plan: 'moon' }).where(eq(accounts.id, otherBuilder.accountId));
    await t.request('POST', `/api/apps/${second.appId}/publish`, { token: otherBuilder.token });
    const opened = await t.request('POST', `/api/apps/${second.appId}/settings`, {
      token: otherBuilder.token,
      body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
    });
    expect(opened.status).toBe(200);
    const victimRows = (
      await t.request('POST', `/live_api/apps/${second.appId}/entities/Note/bulk`, {
        token: otherBuilder.token,
        body: [{ title: 'a' }, { title: 'b' }],
      })
    ).body.map((r: { id: string }) => r.id);
    const intruders = [creator.token, other.token, admin.token, builder.token];
    const entitiesOfFirst = ACCESS_LEVELS.map((l) => `L_${l}`);
    let successes = 0;
    for (let i = 0; i < 200; i++) {
      const token = intruders[Math.floor(Math.random() * intruders.length)]!;
      const id = victimRows[Math.floor(Math.random() * victimRows.length)]!;
      const op = Math.floor(Math.random() * 5);
      const base = `/live_api/apps/${second.appId}/entities/Note`;
      const res =
        op === 0
          ? await t.request('GET', base, { token })
          : op === 1
            ? await t.request('GET', `${base}/${id}`, { token })
            : op === 2
              ? await t.request('PUT', `${base}/${id}`, { token, body: { title: 'pwned' } })
              : op === 3
                ? await t.request('DELETE', `${base}/${id}`, { token })
                : // A record id of the other app, asked for through this app's entities.
                  await t.request('GET', `/live_api/apps/${appId}/entities/${entitiesOfFirst[i % 5]}/${id}`, { token });
      if (res.status === 200) successes++;
    }
    expect(successes).toBe(0);
    const rows = (await t.request('GET', `/live_api/apps/${second.appId}/entities/Note`, { token: otherBuilder.token }))
      .body;
    expect(rows.map((r: { title: string }) => r.title).sort()).toEqual(['a', 'b']);
  });
});
