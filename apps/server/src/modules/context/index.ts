// Data sources of an app: their routes, their ingest/scrape/connector jobs, and the parsers the app
// host's Core integrations reuse on one uploaded document.
import type { PlanLimits } from '@tessera/contracts/plans';
import { EXTRACT_MAX_BYTES } from '@tessera/contracts/runtime';
import type { SessionUser } from '@tessera/contracts/auth';
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import type { RetrievalService } from '../retrieval';
import type { Connectors } from './connectors';
import { createContextJobs, type CrawlFn } from './context.jobs';
import { createContextRepo } from './context.repo';
import { contextRoutes } from './context.routes';
import { createContextService } from './context.service';
import { resolveUploadType } from './parse';
import { parsePool } from './parse-pool';
import { crawlSite } from './scraper/crawl-site';

export interface ContextModuleDeps {
  signedIn: SignedIn;
  retrieval: RetrievalService;
  /** The plan catalogue's limits (the billing module's). */
  limitsOf: (plan: string) => PlanLimits;
  /** Whether the builder is an admin (the accounts module's): the connectors are theirs only. */
  isAdmin: (user: SessionUser) => Promise<boolean>;
  /** Notion / Google Drive clients with credentials. */
  connectors: Connectors;
  /** The web-page crawler; public addresses only unless a test passes one with its loopback allowance. */
  crawl?: CrawlFn;
}

/** Builds the data sources module: its service (templates ingest through it), routes, jobs and the document reader. */
export function createContextModule({ db, config, database, jobs, logger }: Platform, deps: ContextModuleDeps) {
  const { retrieval, connectors, limitsOf } = deps;
  const contextRepo = createContextRepo(db);
  const crawl: CrawlFn = deps.crawl ?? ((options) => crawlSite({ ...options, fetchPolicy: config.outboundPolicy }));
  const context = createContextService({ limitsOf, contextRepo, jobs, retrieval, listen: database.listen, connectors });
  return {
    context,
    routes: contextRoutes({ context, signedIn: deps.signedIn, isAdmin: deps.isAdmin }),
    jobs: createContextJobs({ contextRepo, retrieval, logger, crawl, connectors, limitsOf }),
    /** The parsers, in their worker pool (time and memory limits), on one uploaded document: its text. */
    readDocument: async (bytes: Uint8Array, filename: string, mimeType: string) => {
      const type = resolveUploadType(bytes, filename, mimeType);
      return (await parsePool.parseDocument(type, bytes, { maxInflatedBytes: 4 * EXTRACT_MAX_BYTES })).text;
    },
  };
}

export type ContextModule = ReturnType<typeof createContextModule>;
export type { ContextService } from './context.service';
export { itemLimitError } from './context.service';
export { connectorsFrom, type Connectors } from './connectors';
export { crawlSite } from './scraper/crawl-site';
export type { CrawlFn } from './context.jobs';
