import type { Database, Db } from '@tessera/db';
import type { ErrorHandler } from 'hono';
import type { Config } from './config';
import { createErrorHandler } from './http/errors';
import { createJobsRepo, type JobsRepo } from './jobs/jobs.repo';
import { createJobQueue, type JobQueue } from './jobs/runner';
import { createModelCatalog, type ModelCatalog } from './llm/models';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import type { FileStorage } from './storage/file-storage';
import { createFileStorage } from './storage/storage';

/** What every server module is given: the process's configuration and its shared services. */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  storage: FileStorage;
  jobsRepo: JobsRepo;
  /** Enqueues durable jobs; the runner (app.ts) runs the handlers the modules return. */
  jobs: JobQueue;
  models: ModelCatalog;
  /** The server's error handler: AppErrors keep their code and text (sub-routers such as the app host use it too). */
  onError: ErrorHandler;
}

/** Builds the shared services once per process, from the configuration and the opened database. */
export function createPlatform({
  config,
  database,
  logger,
}: {
  config: Config;
  database: Database;
  logger: Logger;
}): Platform {
  const { db } = database;
  const rateLimiter = createRateLimiter(db);
  const jobsRepo = createJobsRepo(db);
  return {
    config,
    database,
    db,
    logger,
    rateLimiter,
    mailer: createMailer({ db, logger, rateLimiter, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    storage: createFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
    jobsRepo,
    jobs: createJobQueue({ jobsRepo }),
    models: createModelCatalog(config.llm),
    onError: createErrorHandler(logger),
  };
}
