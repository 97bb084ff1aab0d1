import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { describeError, type Logger } from '../logger';
import type { EnqueueOptions, JobRow, JobsRepo } from './jobs.repo';

/** Finished jobs are kept this long (for inspection), then pruned by any runner. */
const JOB_RETENTION_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** NOTIFY channel that wakes idle runners when a job is enqueued (any process). */
export const JOBS_CHANNEL = 'tessera_jobs';

export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  /** Aborted when this worker lost the job (lease taken over) or is shutting down. */
  signal: AbortSignal;
}

/**
 * A job kind's handler. Handlers must be idempotent: a job whose worker died is run again from the
 * start by another worker, and one that threw is retried.
 */
export interface JobHandler<P = any> {
  run(payload: P, ctx: JobContext): Promise<void>;
  /** Called once when the job fails for good (no attempts left or a PermanentJobError). */
  onFailed?(payload: P, error: Error): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (bad input): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Enqueues jobs and wakes the runners through NOTIFY. */
export function createJobQueue({ jobsRepo }: { jobsRepo: JobsRepo }) {
  return {
    async enqueue(kind: string, payload: Record<string, unknown>, options?: EnqueueOptions): Promise<string> {
      const id = await jobsRepo.enqueue(kind, payload, options);
      await jobsRepo.notify(JOBS_CHANNEL, kind);
      return id;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;

export interface JobRunnerOptions {
  jobsRepo: JobsRepo;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** Subscribes to NOTIFY (Database.listen); without it the runner only polls. */
  listen?: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  workerId?: string;
  /** Jobs run at once by this runner. PGlite has one connection, so 1–2 is plenty there. */
  concurrency?: number;
  /** A dead worker's job is claimable again this long after its last heartbeat. */
  leaseMs?: number;
  /** Fallback poll when no NOTIFY arrives (due retries, expired leases). */
  pollMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

/** Exponential backoff with jitter: base·2^(attempt−1), capped, ±20 %. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}

/**
 * Runs jobs from the Postgres queue: claims with SKIP LOCKED, renews its lease every third of the
 * lease, retries failures with backoff. Any number of runners (processes) may share one database.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const {
    jobsRepo,
    logger,
    handlers,
    listen,
    workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    concurrency = 2,
    leaseMs = 30_000,
    pollMs = 1_000,
    backoffBaseMs = 2_000,
    backoffMaxMs = 5 * 60_000,
  } = options;
  const kinds = Object.keys(handlers);
  const active = new Map<
    string,
    { controller: AbortController; beat: ReturnType<typeof setInterval> | null; done: Promise<void> }
  >();
  let running = false;
  let killed = false;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  const nudge = () => {
    wake?.();
  };

  async function execute(
    job: JobRow,
    slot: { controller: AbortController; beat: ReturnType<typeof setInterval> | null },
  ): Promise<void> {
    const handler = handlers[job.kind]!;
    const { controller } = slot;
    let lost = false;
    const beat = setInterval(
      () => {
        jobsRepo
          .heartbeat(job.id, workerId, leaseMs)
          .then((held) => {
            if (!held && !killed) {
              lost = true;
              controller.abort(new Error('lease lost'));
            }
          })
          .catch((err) => logger.warn('job heartbeat failed', { jobId: job.id, err: String(err) }));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    slot.beat = beat;
    // Never the payload: it may hold what users typed or uploaded.
    const about = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    // Attempt 2 and later: a retry after a failure, or a job taken over from a worker that died.
    logger.info('job started', { ...about, maxAttempts: job.maxAttempts });
    try {
      await handler.run(job.payload, { jobId: job.id, attempt: job.attempts, signal: controller.signal });
      if (lost) logger.warn('job lease lost: another worker took it over', { ...about, ms: ms() });
      if (killed || lost) return;
      await jobsRepo.complete(job.id, workerId);
      logger.info('job done', { ...about, ms: ms() });
    } catch (err) {
      if (lost) logger.warn('job lease lost: another worker took it over', { ...about, ms: ms() });
      if (killed || lost) return;
      const error = err instanceof Error ? err : new Error(String(err));
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryInMs = final ? null : backoffDelay(job.attempts, backoffBaseMs, backoffMaxMs);
      if (final) logger.error('job failed', { ...about, ms: ms(), err: describeError(error) });
      else logger.warn('job failed, will retry', { ...about, ms: ms(), retryInMs, err: describeError(error) });
      await jobsRepo.fail(job.id, workerId, error.message, retryInMs);
      if (final)
        await handler
          .onFailed?.(job.payload, error)
          .catch((e) => logger.error('job onFailed failed', { jobId: job.id, err: String(e) }));
    } finally {
      clearInterval(beat);
    }
  }

  let lastPruneAt = 0;
  async function run(): Promise<void> {
    while (running) {
      if (Date.now() - lastPruneAt > PRUNE_EVERY_MS) {
        lastPruneAt = Date.now();
        await jobsRepo.prune(JOB_RETENTION_MS).catch((err) => logger.warn('job prune failed', { err: String(err) }));
      }
      if (active.size < concurrency) {
        let job: JobRow | null = null;
        try {
          job = await jobsRepo.claim(workerId, kinds, leaseMs);
        } catch (err) {
          if (!running) break;
          logger.warn('job claim failed', { err: String(err) });
        }
        if (job && running) {
          const claimed = job;
          const slot = {
            controller: new AbortController(),
            beat: null as ReturnType<typeof setInterval> | null,
            done: Promise.resolve(),
          };
          active.set(claimed.id, slot);
          slot.done = execute(claimed, slot).finally(() => {
            active.delete(claimed.id);
            nudge();
          });
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    workerId,
    /** Starts claiming; resolves once subscribed to wake-ups. */
    async start(): Promise<void> {
      if (running) return;
      running = true;
      if (listen) unlisten = await listen(JOBS_CHANNEL, (kind) => kinds.includes(kind) && nudge()).catch(() => null);
      loop = run();
    },
    /** Stops claiming and waits for running jobs to finish (graceful shutdown). */
    async stop(): Promise<void> {
      running = false;
      nudge();
      await loop;
      await Promise.allSettled([...active.values()].map((a) => a.done));
      await unlisten?.();
    },
    /**
     * Stops at once without finishing or releasing anything, as a crashed process would: running
     * jobs keep their lease until it expires, then another runner takes them (tests, chaos).
     */
    async kill(): Promise<void> {
      killed = true;
      running = false;
      // A crashed process stops renewing its leases: that is what hands its jobs to other runners.
      for (const slot of active.values()) {
        if (slot.beat) clearInterval(slot.beat);
        slot.controller.abort(new Error('worker killed'));
      }
      nudge();
      await unlisten?.();
    },
    /** Jobs running in this runner now. */
    get activeCount(): number {
      return active.size;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
