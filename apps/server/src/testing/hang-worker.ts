// A worker process for the kill test (jobs.int.test.ts): claims `test.hang` jobs and never finishes them.
import { openDatabase } from '@tessera/db';
import { createLogger } from '../platform/logger';
import { createJobsRepo } from '../platform/jobs/jobs.repo';
import { createJobRunner } from '../platform/jobs/runner';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, poolSize: 2 });
const runner = createJobRunner({
  jobsRepo: createJobsRepo(database.db),
  logger: createLogger('silent'),
  listen: database.listen,
  workerId: `hang-worker:${process.pid}`,
  leaseMs: 1000,
  pollMs: 50,
  handlers: { 'test.hang': { run: () => new Promise<void>(() => {}) } },
});
await runner.start();
