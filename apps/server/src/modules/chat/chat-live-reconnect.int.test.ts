import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGenApp } from '../../testing/factories';
import { createTestApp } from '../../testing/harness';
import { chatChannel } from './chat.repo';

/**
 * Live follow across processes rides on PostgreSQL's LISTEN connection: after an outage it must
 * come back by itself (before, one reconnect was tried after 1 s and then never again, so followers
 * in other processes got nothing while requests had long recovered).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('the LISTEN connection after an outage', () => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let notifier: pg.Client | null = null;
  afterAll(async () => {
    await admin.end();
    await notifier?.end();
  });

  it('reconnects with backoff, listens again, resyncs followers, and live updates resume', async () => {
    const t = await createTestApp();
    await admin.connect();
    const builder = await t.signUpVerified();
    const created = await t.request('POST', '/api/apps', { token: builder.token, body: buildGenApp({ name: 'Live' }) });
    const appId = created.body.appId as string;
    const result = await t.db.execute(sql`SELECT current_database() AS name`);
    const { name } = (result as unknown as { rows: Array<{ name: string }> }).rows[0]!;

    const live = await t.app.request(`/api/apps/${appId}/chat/live`, {
      headers: { authorization: `Bearer ${builder.token}` },
    });
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();
    let events = 0;
    void (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        events += decoder.decode(value).split('event: messages').length - 1;
      }
    })();
    const eventAfter = async (seen: number, poke?: () => Promise<unknown>, ms = 15_000) => {
      for (const started = Date.now(); Date.now() - started < ms;) {
        await poke?.();
        await new Promise((r) => setTimeout(r, 250));
        if (events > seen) return true;
      }
      return false;
    };
    // Another process's NOTIFY, on a connection of its own to the app's database.
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    notifier = new pg.Client({ connectionString: url.toString() });
    await notifier.connect();
    const notify = () => notifier!.query('SELECT pg_notify($1, $2)', [chatChannel(appId), '']);
    expect(await eventAfter(0)).toBe(true); // the first read
    expect(await eventAfter(events, notify)).toBe(true);

    // An outage: the LISTEN connection is cut, and no new connection is let in for 3 s.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    const cut = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'`,
      [name],
    );
    expect(cut.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 3000));
    const beforeBack = events;
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);

    // Back: the follower reads again by itself (what was notified during the gap is lost)...
    expect(await eventAfter(beforeBack)).toBe(true);
    // ...and notifications from other processes reach it again.
    expect(await eventAfter(events, notify)).toBe(true);
    await reader.cancel();
  }, 60_000);
});
