import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { type ContextItemStatus, type ContextItemType } from '@tessera/contracts/context';
import { PLANS, planLimits, type PlanId, type PlanLimits } from '@tessera/contracts/plans';
import { AppError } from '../../platform/errors';
import type { JobContext, JobHandler } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/logger';
import type { RetrievalService } from '../retrieval';
import { chunkText, contentHash } from './chunking';
import type { ContextItemRow, ContextRepo } from './context.repo';
import { ConnectorError, type Connectors } from './connectors';
import { CONNECTOR_JOB, INGEST_JOB, SCRAPE_JOB, usageMonth } from './context.service';
import type { UploadType } from './parse';
import { parsePool } from './parse-pool';

/** A crawler (scraper/crawl-site.ts `crawlSite`): yields the site's pages as Markdown. */
export type CrawlFn = (options: {
  url: string;
  maxPages: number;
  maxDepth: number;
  signal?: AbortSignal;
  onProgress?: (progress: { done: number; queued: number }) => void;
}) => AsyncIterable<{ url: string; title: string; markdown: string }>;

interface Deps {
  contextRepo: ContextRepo;
  retrieval: RetrievalService;
  logger: Logger;
  /** Absent until a crawler is wired in: web items then end in error with a clear reason. */
  crawl?: CrawlFn;
  connectors?: Connectors;
  /** The plan catalogue's limits of a plan (billing/plans.ts); the built-in table by default. */
  limitsOf?: (plan: string) => PlanLimits;
}

/** Statuses a (re-)run may start from: a crashed worker's item is still "running". */
const STARTABLE: ContextItemStatus[] = ['unsynced', 'pending', 'running', 'synced', 'error', 'usage_limit_reached'];

/**
 * Job handlers of data sources. Both are idempotent: a re-run parses the same source again and
 * `replaceChunks` keeps the chunk set exact (content hashes), and usage is charged once per content.
 */
export function createContextJobs({
  contextRepo,
  retrieval,
  logger,
  crawl,
  connectors = {},
  limitsOf = (plan) => planLimits((PLANS as readonly string[]).includes(plan) ? (plan as PlanId) : 'lite'),
}: Deps): Record<string, JobHandler<{ itemId: string }>> {
  const notify = (item: ContextItemRow) => contextRepo.notify({ appId: item.appId, itemId: item.id, kind: 'item' });

  async function start(itemId: string): Promise<ContextItemRow | null> {
    const item = await contextRepo.transition(itemId, STARTABLE, 'running', { errorReason: null });
    if (item) await notify(item);
    return item; // null: the item was deleted meanwhile, nothing to do
  }

  async function finish(
    item: ContextItemRow,
    status: ContextItemStatus,
    values: Parameters<ContextRepo['transition']>[3] = {},
  ) {
    const row = await contextRepo.transition(item.id, ['running'], status, values);
    if (row) await notify(row);
  }

  /** The app's owner and plan limits; null when the app is gone. */
  async function ownerOf(item: ContextItemRow) {
    const owner = await contextRepo.findAppOwner(item.appId);
    if (!owner) return null;
    return { ownerUserId: owner.ownerUserId, limits: limitsOf(owner.plan) };
  }

  /**
   * Before any parsing, crawling or fetching: when the month's budget is already spent, the item
   * ends in usage_limit_reached at once (true). Content charged before is exempt: its re-run is free.
   */
  async function isOverBudget(item: ContextItemRow): Promise<boolean> {
    if (item.options?.chargedHash) return false;
    const owner = await ownerOf(item);
    if (!owner) return false;
    const used = await contextRepo.usage(owner.ownerUserId, usageMonth());
    if (used < owner.limits.monthlyDataProcessingBytes) return false;
    await finish(item, 'usage_limit_reached', { errorReason: MESSAGES.dataSources.dataLimitReached });
    return true;
  }

  /** Charges the month's usage once per content (a retry of the same content is free), then chunks, stores and embeds. */
  async function indexText(
    item: ContextItemRow,
    text: string,
    ctx: JobContext,
    extra: { size?: number } = {},
  ): Promise<void> {
    if (!text.trim()) {
      await finish(item, 'error', { errorReason: APP_MESSAGES.noTextFound });
      return;
    }
    const hash = contentHash(text);
    const owner = await ownerOf(item);
    if (!owner) return;
    const options = item.options ?? {};
    if (options.chargedHash !== hash) {
      const bytes = Buffer.byteLength(text, 'utf8');
      const allowed = await contextRepo.consumeUsage(
        owner.ownerUserId,
        usageMonth(),
        bytes,
        owner.limits.monthlyDataProcessingBytes,
      );
      if (!allowed) {
        await finish(item, 'usage_limit_reached', { errorReason: MESSAGES.dataSources.dataLimitReached });
        return;
      }
      await contextRepo.update(item.id, { options: { ...options, chargedHash: hash } });
    }
    ctx.signal.throwIfAborted();
    const seen = new Set<string>();
    const chunks = chunkText(text).flatMap((content) => {
      const h = contentHash(content);
      if (seen.has(h)) return [];
      seen.add(h);
      return [{ content, hash: h }];
    });
    const inserted = await contextRepo.replaceChunks(item.id, item.appId, chunks);
    ctx.signal.throwIfAborted();
    // Chunks kept from an earlier run that crashed before embedding get theirs now.
    const missing = await retrieval.chunksToEmbed(item.id);
    const toEmbed = new Map([...inserted, ...missing].map((c) => [c.id, c]));
    await retrieval.indexChunks(item.appId, [...toEmbed.values()]);
    await finish(item, 'synced', {
      numOfChunks: chunks.length,
      contentHash: hash,
      lastSyncedAt: new Date(),
      progress: null,
      errorReason: null,
      ...extra,
    });
    await retrieval.maintain(inserted.length);
  }

  /** Bad content ends the item in error with the reason; anything else is retried by the runner. */
  async function guarded(item: ContextItemRow, ctx: JobContext, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      // This worker lost the job (lease taken over, shutdown): the item now belongs to another run.
      if (ctx.signal.aborted) throw err;
      if (err instanceof AppError && err.status < 500) {
        await finish(item, 'error', { errorReason: err.message });
        return;
      }
      // Back to pending while the runner waits to retry.
      const row = await contextRepo.transition(item.id, ['running'], 'pending');
      if (row) await notify(row);
      throw err;
    }
  }

  const onFailed = async ({ itemId }: { itemId: string }, error: Error) => {
    logger.error('data source ingestion failed for good', { itemId, err: error.message });
    const row = await contextRepo.transition(itemId, STARTABLE, 'error', {
      errorReason: MESSAGES.dataSources.uploadFailed,
    });
    if (row) await notify(row);
  };

  return {
    [INGEST_JOB]: {
      async run({ itemId }, ctx) {
        const item = await start(itemId);
        if (!item) return;
        await guarded(item, ctx, async () => {
          if (await isOverBudget(item)) return;
          const source = await contextRepo.findSource(item.id);
          if (!source) throw new AppError('BAD_REQUEST', MESSAGES.dataSources.noFile);
          const owner = await ownerOf(item);
          if (!owner) return;
          const { text } = await parsePool.parseDocument(
            item.type as UploadType,
            source.bytes,
            { maxInflatedBytes: owner.limits.maxInflatedBytes },
            ctx.signal,
          );
          await indexText(item, text, ctx);
        });
      },
      onFailed,
    },
    [CONNECTOR_JOB]: {
      async run({ itemId }, ctx) {
        const item = await start(itemId);
        if (!item) return;
        await guarded(item, ctx, async () => {
          const connector = connectors[item.source as keyof Connectors];
          if (!connector) throw new AppError('BAD_REQUEST', APP_MESSAGES.connectorNotConfigured);
          if (await isOverBudget(item)) return;
          let text: string;
          try {
            text = await connector.fetchText(item.providerItemId ?? '', item.type as ContextItemType);
          } catch (err) {
            // Refused or missing documents will not fix themselves; outages and rate limits are retried.
            if (
              err instanceof ConnectorError &&
              err.status !== null &&
              err.status >= 400 &&
              err.status < 500 &&
              err.status !== 429
            ) {
              throw new AppError('BAD_REQUEST', `${APP_MESSAGES.connectorFailed} (${err.message})`);
            }
            throw err;
          }
          await indexText(item, text, ctx, { size: Buffer.byteLength(text, 'utf8') });
        });
      },
      onFailed,
    },
    [SCRAPE_JOB]: {
      async run({ itemId }, ctx) {
        const item = await start(itemId);
        if (!item) return;
        await guarded(item, ctx, async () => {
          if (!crawl) throw new AppError('BAD_REQUEST', APP_MESSAGES.scraperUnavailable);
          if (await isOverBudget(item)) return;
          const { url, maxPages, maxDepth } = item.options as { url: string; maxPages: number; maxDepth: number };
          const parts: string[] = [];
          let done = 0;
          let total = 1;
          let lastReport = 0;
          // The crawler knows how many pages wait: done + queued, capped by the plan, is the total to show.
          const onProgress = (p: { done: number; queued: number }) => {
            total = Math.min(maxPages, Math.max(total, p.done + p.queued));
          };
          for await (const page of crawl({ url, maxPages, maxDepth, signal: ctx.signal, onProgress })) {
            parts.push([`# ${page.title || page.url}`, `Source: ${page.url}`, page.markdown.trim()].join('\n\n'));
            done++;
            // Progress at most every 500 ms: each one is a row update and a NOTIFY.
            if (Date.now() - lastReport > 500) {
              lastReport = Date.now();
              const row = await contextRepo.update(item.id, { progress: { done, total: Math.max(total, done) } });
              if (row) await notify(row);
            }
          }
          if (!parts.length) throw new AppError('BAD_REQUEST', APP_MESSAGES.scrapeFailed);
          const text = parts.join('\n\n');
          await indexText(item, text, ctx, { size: Buffer.byteLength(text, 'utf8') });
        });
      },
      onFailed,
    },
  };
}
