import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tessera/test-utils';
import { createLogger, type Logger } from '../logger';
import { createJobsRepo } from './jobs.repo';
import { createJobQueue, createJobRunner, PermanentJobError, type JobHandler, type JobRunner } from './runner';

const testDb = await createTestDatabase();
afterAll(() => testDb.drop());
const jobsRepo = createJobsRepo(testDb.database.db);
const queue = createJobQueue({ jobsRepo });
const logger = createLogger('silent');
const runners: JobRunner[] = [];
afterAll(async () => {
  for (const r of runners) await r.stop();
});

function runner(
  handlers: Record<string, JobHandler>,
  options: { leaseMs?: number; workerId?: string; logger?: Logger } = {},
) {
  const r = createJobRunner({
    jobsRepo,
    logger: options.logger ?? logger,
    handlers,
    listen: testDb.database.listen,
    pollMs: 50,
    backoffBaseMs: 40,
    leaseMs: options.leaseMs ?? 2000,
    workerId: options.workerId,
  });
  runners.push(r);
  return r;
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('job queue', () => {
  it('runs a job once, woken by NOTIFY', async () => {
    const seen: unknown[] = [];
    const r = runner({ 'test.once': { run: async (payload) => void seen.push(payload) } });
    await r.start();
    const id = await queue.enqueue('test.once', { n: 1 });
    const job = await until(async () => ((await jobsRepo.find(id))?.status === 'done' ? jobsRepo.find(id) : null));
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect(seen).toEqual([{ n: 1 }]);
    await r.stop();
  });

  it('retries with backoff, then fails for good and reports it once', async () => {
    let calls = 0;
    const failed: string[] = [];
    const r = runner({
      'test.flaky': {
        run: async () => {
          calls++;
          if (calls < 3) throw new Error(`boom ${calls}`);
        },
      },
      'test.broken': {
        run: async () => {
          throw new Error('always');
        },
        onFailed: async (_p, err) => void failed.push(err.message),
      },
      'test.bad': {
        run: async () => {
          throw new PermanentJobError('bad input');
        },
        onFailed: async (_p, err) => void failed.push(err.message),
      },
    });
    await r.start();
    const flaky = await queue.enqueue('test.flaky', {});
    const broken = await queue.enqueue('test.broken', {}, { maxAttempts: 3 });
    const bad = await queue.enqueue('test.bad', {});
    expect(
      await until(async () => (await jobsRepo.find(flaky))?.status === 'done' && jobsRepo.find(flaky)),
    ).toMatchObject({ attempts: 3 });
    expect(
      await until(async () => (await jobsRepo.find(broken))?.status === 'failed' && jobsRepo.find(broken)),
    ).toMatchObject({ attempts: 3, lastError: 'always' });
    expect(
      await until(async () => (await jobsRepo.find(bad))?.status === 'failed' && jobsRepo.find(bad)),
    ).toMatchObject({ attempts: 1, lastError: 'bad input' });
    expect(failed.sort()).toEqual(['always', 'bad input']);
    await r.stop();
  });

  it('logs each job start, retry, failure and finish at its level, never its payload', async () => {
    const lines: string[] = [];
    let calls = 0;
    const r = runner(
      {
        'test.logged': {
          run: async () => {
            if (++calls === 1) throw new Error('first try fails');
          },
        },
        'test.logged-broken': {
          run: async () => {
            throw new PermanentJobError('bad input');
          },
        },
      },
      { logger: createLogger('info', (l) => lines.push(l)) },
    );
    await r.start();
    const ok = await queue.enqueue('test.logged', { apiKey: 'payload-secret-1', note: 'payload-text-2' });
    const bad = await queue.enqueue('test.logged-broken', { note: 'payload-text-3' });
    await until(
      async () => (await jobsRepo.find(ok))?.status === 'done' && (await jobsRepo.find(bad))?.status === 'failed',
    );
    await r.stop();
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const of = (id: string) =>
      events.filter((e) => e.jobId === id).map((e) => `${e.level} ${e.msg} ${e.kind} ${e.attempt}`);
    expect(of(ok)).toEqual([
      'info job started test.logged 1',
      'warn job failed, will retry test.logged 1',
      'info job started test.logged 2',
      'info job done test.logged 2',
    ]);
    expect(of(bad)).toEqual(['info job started test.logged-broken 1', 'error job failed test.logged-broken 1']);
    expect(events.find((e) => e.jobId === bad && e.level === 'error')).toMatchObject({ err: 'bad input' });
    expect(events.find((e) => e.msg === 'job done')).toHaveProperty('ms');
    for (const secret of ['payload-secret-1', 'payload-text-2', 'payload-text-3'])
      expect(lines.join('\n')).not.toContain(secret);
  });

  it('dedupes live jobs by key', async () => {
    const a = await queue.enqueue('test.none', {}, { dedupeKey: 'k1' });
    const b = await queue.enqueue('test.none', {}, { dedupeKey: 'k1' });
    expect(b).toBe(a);
  });

  it('a job whose worker is killed is finished by another runner once the lease expires', async () => {
    let releaseA: () => void = () => {};
    let markStarted: () => void = () => {};
    const startedA = new Promise<void>((resolve) => (markStarted = resolve));
    const a = runner(
      {
        'test.crash': {
          run: (_p, ctx) =>
            new Promise<void>((done) => {
              markStarted();
              releaseA = done;
              ctx.signal.addEventListener('abort', () => done());
            }),
        },
      },
      { leaseMs: 600, workerId: 'worker-a' },
    );
    await a.start();
    const id = await queue.enqueue('test.crash', { step: 'x' });
    await startedA;
    expect(await jobsRepo.find(id)).toMatchObject({ status: 'running', lockedBy: 'worker-a' });
    await a.kill();
    const finished: unknown[] = [];
    const b = runner(
      { 'test.crash': { run: async (payload) => void finished.push(payload) } },
      { leaseMs: 600, workerId: 'worker-b' },
    );
    const killedAt = Date.now();
    await b.start();
    const job = await until(async () => ((await jobsRepo.find(id))?.status === 'done' ? jobsRepo.find(id) : null));
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(finished).toEqual([{ step: 'x' }]);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    releaseA();
    await b.stop();
  });

  it.runIf(testDb.url)(
    'PostgreSQL: a worker process killed with SIGKILL hands its job to another process',
    async () => {
      // The child claims the job with a short lease and hangs; we kill it for real.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../testing/hang-worker.ts', import.meta.url))],
        {
          env: { ...process.env, DATABASE_URL: testDb.url },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const id = await queue.enqueue('test.hang', { step: 'y' });
      await until(async () => (await jobsRepo.find(id))?.lockedBy?.startsWith('hang-worker') ?? false, 30_000);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const finished: unknown[] = [];
      const b = runner({ 'test.hang': { run: async (payload) => void finished.push(payload) } }, { leaseMs: 1000 });
      await b.start();
      expect(
        await until(async () => ((await jobsRepo.find(id))?.status === 'done' ? jobsRepo.find(id) : null)),
      ).toMatchObject({ attempts: 2 });
      expect(finished).toEqual([{ step: 'y' }]);
      await b.stop();
    },
    60_000,
  );
});
