import type { Readable } from 'node:stream';
import { APP_MESSAGES, MESSAGES } from '@tessera/contracts';
import { type SessionUser } from '@tessera/contracts/auth';
import {
  CONNECTOR_ITEM_TYPES,
  type ContextItem,
  type ContextItemStatus,
  type IngestMetadataRequest,
  type IngestTextRequest,
  type ConnectorItemsResponse,
  type ConnectorsResponse,
  type ListContextItemsResponse,
  type ReplaceDataItemRequest,
} from '@tessera/contracts/context';
import { PLANS, formatFileSize, planLimits, type PlanId, type PlanLimits } from '@tessera/contracts/plans';
import { AppError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/runner';
import type { RetrievalMode, RetrievalService } from '../retrieval';
import { ConnectorError, type Connectors } from './connectors';
import { CONTEXT_CHANNEL, type ContextItemRow, type ContextRepo } from './context.repo';
import { resolveUploadType, type UploadType } from './parse';
import { parsePool } from './parse-pool';

export const APP_NOT_FOUND = 'App not found';
export const ITEM_NOT_FOUND = 'Data item not found';
/** Job kinds of this module (context.jobs.ts). */
export const INGEST_JOB = 'context.ingest';
export const SCRAPE_JOB = 'context.scrape';
export const CONNECTOR_JOB = 'context.connector';

/** The job that (re-)syncs an item of this source. */
export const jobKindFor = (source: string) =>
  source === 'web_scraper' ? SCRAPE_JOB : source === 'notion' || source === 'google_drive' ? CONNECTOR_JOB : INGEST_JOB;

const MIME_OF: Record<UploadType, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  pdf: 'application/pdf',
  doc: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The calendar month (UTC) usage is counted in, e.g. "2026-11". */
export const usageMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** The wire shape of an item (docs/product/data-sources.md#data). */
export function toContextItem(row: ContextItemRow): ContextItem {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    type: row.type as ContextItem['type'],
    source: row.source as ContextItem['source'],
    provider: row.provider as ContextItem['provider'],
    providerItemId: row.providerItemId,
    externalFileId: row.externalFileId,
    externalFileUrl: row.externalFileUrl,
    status: row.status as ContextItemStatus,
    errorReason: row.errorReason,
    size: Number(row.size),
    numOfChunks: row.numOfChunks,
    originalContextItemId: row.originalContextItemId,
    createdAt: row.createdAt.toISOString(),
    lastSyncedAt: row.lastSyncedAt ? row.lastSyncedAt.toISOString() : null,
    progress: row.progress ?? null,
  };
}

export interface ContextEvent {
  event: 'item' | 'count';
  data: { contextItem: ContextItem } | { count: number };
}

interface Deps {
  contextRepo: ContextRepo;
  jobs: JobQueue;
  retrieval: RetrievalService;
  /** Database.listen: NOTIFY subscriptions for live status. */
  listen: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Connectors with credentials configured; the others are "not configured". */
  connectors?: Connectors;
  /** The plan catalogue's limits of a plan (billing/plans.ts); the built-in table by default. */
  limitsOf?: (plan: PlanId) => PlanLimits;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const planOf = (plan: string): PlanId => ((PLANS as readonly string[]).includes(plan) ? (plan as PlanId) : 'lite');

/** The refusal of an item past the plan's limit; lite gets the free-data-items upgrade reason. */
export const itemLimitError = (plan: PlanId, limits: Pick<PlanLimits, 'maxDataItems'>) =>
  plan === 'lite'
    ? new AppError('PLAN_LIMIT_REACHED', APP_MESSAGES.freeDataItemsLimit, { upgradeReason: 'free_data_items_limit' })
    : new AppError('PLAN_LIMIT_REACHED', APP_MESSAGES.dataItemsLimit.replace('{n}', String(limits.maxDataItems)), {
        upgradeReason: 'default',
      });

/**
 * Data sources of an app (docs/product/data-sources.md#screens-and-routes): list, ingest (text, files, web pages), rename, delete,
 * replace and live status. Every call checks that the signed-in builder owns the app; someone
 * else's app or item is "not found".
 */
export function createContextService({
  contextRepo,
  jobs,
  retrieval,
  listen,
  connectors = {},
  limitsOf = planLimits,
}: Deps) {
  async function ownedApp(
    user: SessionUser,
    appId: string,
  ): Promise<{ ownerUserId: string; plan: PlanId; limits: PlanLimits }> {
    const owner = await contextRepo.findAppOwner(appId);
    if (!owner || owner.ownerUserId !== user.id) throw new AppError('NOT_FOUND', APP_NOT_FOUND);
    const plan = planOf(owner.plan);
    return { ownerUserId: owner.ownerUserId, plan, limits: limitsOf(plan) };
  }

  async function ownedItem(user: SessionUser, id: string): Promise<ContextItemRow> {
    const item = await contextRepo.findById(id);
    if (!item) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    const owner = await contextRepo.findAppOwner(item.appId);
    if (!owner || owner.ownerUserId !== user.id) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return item;
  }

  /** Early refusal (before reading an upload); `createWithinLimit` re-checks atomically. */
  async function checkItemLimit(
    appId: string,
    plan: PlanId,
    limits: PlanLimits,
    adding: number,
    replacing: string | null,
  ) {
    const existing = await contextRepo.countForApp(appId, replacing ? [replacing] : []);
    if (existing + adding > limits.maxDataItems) throw itemLimitError(plan, limits);
  }

  /** Creates an item unless the app is at its plan's limit (checked under a lock, so concurrent calls cannot both pass). */
  async function createWithinLimit(
    values: Parameters<ContextRepo['create']>[0],
    source: Parameters<ContextRepo['create']>[1],
    plan: PlanId,
    limits: PlanLimits,
    replacing: string | null = null,
  ): Promise<ContextItemRow> {
    const row = await contextRepo.create(values, source, {
      maxItems: limits.maxDataItems,
      exceptIds: replacing ? [replacing] : [],
    });
    if (!row) throw itemLimitError(plan, limits);
    return row;
  }

  /** An item being replaced must be one of this app's items. */
  async function replacedItem(appId: string, replaceItemId: string | undefined): Promise<string | null> {
    if (!replaceItemId) return null;
    const old = await contextRepo.findById(replaceItemId);
    if (!old || old.appId !== appId) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    return old.id;
  }

  /**
   * Pending first, then the job: the other order let a fast worker finish (synced) before this
   * marked the item pending, leaving it pending for good. A running item keeps its live job (dedupe).
   */
  async function enqueueSync(item: ContextItemRow, kind = jobKindFor(item.source)): Promise<ContextItemRow> {
    const pending =
      (await contextRepo.transition(item.id, ['unsynced', 'synced', 'error', 'usage_limit_reached'], 'pending', {
        errorReason: null,
      })) ?? item;
    await contextRepo.notify({ appId: item.appId, itemId: item.id, kind: 'item' });
    try {
      await jobs.enqueue(kind, { itemId: item.id }, { dedupeKey: `context:${item.id}` });
    } catch (err) {
      await contextRepo.transition(item.id, ['pending'], 'error', { errorReason: MESSAGES.dataSources.uploadFailed });
      throw err;
    }
    return pending;
  }

  async function created(item: ContextItemRow): Promise<ContextItemRow> {
    await contextRepo.notify({ appId: item.appId, itemId: item.id, kind: 'count' });
    return enqueueSync(item);
  }

  async function hasReachedDataLimit(ownerUserId: string, limits: PlanLimits): Promise<boolean> {
    return (await contextRepo.usage(ownerUserId, usageMonth())) >= limits.monthlyDataProcessingBytes;
  }

  return {
    async list(user: SessionUser, appId: string, status?: ContextItemStatus): Promise<ListContextItemsResponse> {
      const { ownerUserId, limits } = await ownedApp(user, appId);
      const rows = await contextRepo.list(appId, status);
      return {
        contextItems: rows.map(toContextItem),
        hasReachedDataLimit: await hasReachedDataLimit(ownerUserId, limits),
      };
    },

    async get(user: SessionUser, id: string): Promise<ContextItem> {
      return toContextItem(await ownedItem(user, id));
    },

    async rename(user: SessionUser, id: string, name: string): Promise<ContextItem> {
      const item = await ownedItem(user, id);
      const row = await contextRepo.update(item.id, { name });
      await contextRepo.notify({ appId: item.appId, itemId: item.id, kind: 'item' });
      return toContextItem(row ?? item);
    },

    async delete(user: SessionUser, id: string): Promise<{ deleted: true; id: string }> {
      const item = await ownedItem(user, id);
      // No tool keeps answering from (or pointing at) an item that is gone.
      await contextRepo.dropToolDataItem(item.appId, item.id);
      await contextRepo.delete(item.id);
      await contextRepo.notify({ appId: item.appId, itemId: item.id, kind: 'count' });
      return { deleted: true, id: item.id };
    },

    /** Runs the item's ingestion again; unchanged chunks are kept, so nothing is duplicated. */
    async resync(user: SessionUser, id: string): Promise<ContextItem> {
      const item = await ownedItem(user, id);
      return toContextItem(await enqueueSync(item));
    },

    /** The upload limit for this app, checked before the body is read (ownership and item count first). */
    async prepareUpload(
      user: SessionUser,
      appId: string,
      replaceItemId?: string,
    ): Promise<{ maxBytes: number; tooLargeMessage: string }> {
      const { plan, limits } = await ownedApp(user, appId);
      await checkItemLimit(appId, plan, limits, 1, await replacedItem(appId, replaceItemId));
      return {
        maxBytes: limits.maxFileSizeBytes,
        tooLargeMessage: MESSAGES.dataSources.fileTooBig.replace('{size}', formatFileSize(limits.maxFileSizeBytes)),
      };
    },

    async ingestText(
      user: SessionUser,
      appId: string,
      { context, name }: IngestTextRequest,
    ): Promise<{ contextItemId: string }> {
      if (!context || context.trim() === '') throw new AppError('BAD_REQUEST', MESSAGES.dataSources.emptyText);
      const { plan, limits } = await ownedApp(user, appId);
      await checkItemLimit(appId, plan, limits, 1, null);
      const bytes = Buffer.from(context, 'utf8');
      if (bytes.length > limits.maxFileSizeBytes) {
        throw new AppError(
          'file-too-big',
          MESSAGES.dataSources.fileTooBig.replace('{size}', formatFileSize(limits.maxFileSizeBytes)),
          { maxBytes: limits.maxFileSizeBytes },
        );
      }
      const firstLine = context.trim().split('\n')[0]!.trim();
      const item = await createWithinLimit(
        {
          id: crypto.randomUUID(),
          appId,
          name: name ?? (firstLine.length > 60 ? `${firstLine.slice(0, 57)}...` : firstLine),
          type: 'txt',
          source: 'local_files',
          size: bytes.length,
          options: { mimeType: 'text/plain' },
        },
        { mimeType: 'text/plain', bytes },
        plan,
        limits,
      );
      return { contextItemId: (await created(item)).id };
    },

    /**
     * Reads a streamed upload (size already bounded by `prepareUpload`'s limit), decides its type
     * from the bytes, refuses what cannot be ingested with the spec's messages, then queues parsing.
     */
    async ingestFile(
      user: SessionUser,
      appId: string,
      upload: { filename: string; mimeType: string; stream: Readable; replaceItemId?: string },
    ): Promise<{ contextItemId: string }> {
      // Consume the upload at once: a size-limit error must find a listener whatever we await first.
      const reading = readAll(upload.stream);
      reading.catch(() => {});
      const { plan, limits } = await ownedApp(user, appId);
      let bytes: Buffer;
      try {
        bytes = await reading;
      } catch (err) {
        if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE')
          throw new AppError('file-too-big', err.message, { maxBytes: limits.maxFileSizeBytes });
        throw err;
      }
      if (bytes.length === 0) throw new AppError('BAD_REQUEST', MESSAGES.dataSources.noFile);
      const type = resolveUploadType(bytes, upload.filename, upload.mimeType);
      // Cheap checks at upload time, so the client gets the spec's 400 instead of a failed item later.
      // In the parse worker too: even the cheap checks read untrusted bytes (inflation, pdf.js).
      const { pages } = await parsePool.checkUpload(type, bytes, { maxInflatedBytes: limits.maxInflatedBytes });
      if (pages !== null && limits.maxFilePages !== null && pages > limits.maxFilePages)
        throw new AppError(
          'PLAN_LIMIT_REACHED',
          APP_MESSAGES.tooManyPages.replace('{pages}', String(limits.maxFilePages)),
          { upgradeReason: 'default', pages },
        );
      const replacing = await replacedItem(appId, upload.replaceItemId);
      await checkItemLimit(appId, plan, limits, 1, replacing);
      const name = (upload.filename || `Upload.${type}`).slice(0, 200);
      const item = await createWithinLimit(
        {
          id: crypto.randomUUID(),
          appId,
          name,
          type,
          source: 'local_files',
          size: bytes.length,
          originalContextItemId: replacing,
          options: { mimeType: MIME_OF[type], filename: upload.filename },
        },
        { mimeType: MIME_OF[type], bytes },
        plan,
        limits,
        replacing,
      );
      return { contextItemId: (await created(item)).id };
    },

    /** Web pages to scrape and connector documents: one item each, queued. */
    async ingestMetadata(
      user: SessionUser,
      appId: string,
      { contextItems }: IngestMetadataRequest,
    ): Promise<{ contextItemIds: string[] }> {
      const { plan, limits } = await ownedApp(user, appId);
      const prepared = contextItems.map((meta) => {
        if (meta.source !== 'web_scraper') {
          if (!connectors[meta.source]) throw new AppError('BAD_REQUEST', APP_MESSAGES.connectorNotConfigured);
          if (!CONNECTOR_ITEM_TYPES[meta.source].includes(meta.type))
            throw new AppError(
              'VALIDATION_FAILED',
              `type: ${meta.source} items are ${CONNECTOR_ITEM_TYPES[meta.source].join(' or ')}`,
            );
          return {
            appId,
            name: meta.name,
            type: meta.type,
            source: meta.source,
            provider: meta.source,
            providerItemId: meta.providerItemId,
            externalFileUrl: meta.externalFileUrl ?? null,
            options: {},
          };
        }
        let url: URL;
        try {
          url = new URL(meta.url);
        } catch {
          throw new AppError('BAD_REQUEST', APP_MESSAGES.invalidUrl);
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
          throw new AppError('BAD_REQUEST', APP_MESSAGES.invalidUrl);
        const maxPages = Math.min(meta.maxPages ?? limits.scraperMaxPages, limits.scraperMaxPages);
        const maxDepth = Math.min(meta.maxDepth ?? limits.scraperMaxDepth, limits.scraperMaxDepth);
        return {
          appId,
          name: meta.name ?? `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`.slice(0, 200),
          type: 'web_page',
          source: 'web_scraper',
          provider: 'tessera',
          providerItemId: null,
          externalFileUrl: url.toString(),
          options: { url: url.toString(), maxPages, maxDepth },
        };
      });
      await checkItemLimit(appId, plan, limits, prepared.length, null);
      const ids: string[] = [];
      for (const values of prepared) {
        const item = await createWithinLimit({ id: crypto.randomUUID(), ...values }, null, plan, limits);
        ids.push((await created(item)).id);
      }
      return { contextItemIds: ids };
    },

    /** Which connectors the dialog may offer (docs/product/data-sources.md#screens-and-routes), by configured credentials. */
    connectorStatus(): ConnectorsResponse {
      return {
        connectors: (['notion', 'google_drive'] as const).map((id) => ({ id, configured: Boolean(connectors[id]) })),
      };
    },

    /** The documents a connector's picker offers. */
    async listConnectorItems(id: string): Promise<ConnectorItemsResponse> {
      const connector = id === 'notion' || id === 'google_drive' ? connectors[id] : undefined;
      if (!connector) throw new AppError('BAD_REQUEST', APP_MESSAGES.connectorNotConfigured);
      try {
        return { items: await connector.listItems() };
      } catch (err) {
        if (err instanceof ConnectorError)
          throw new AppError('BAD_REQUEST', `${APP_MESSAGES.connectorFailed} (${err.message})`);
        throw err;
      }
    },

    /**
     * docs/product/data-sources.md#states-and-transitions Replace a file: tools that referenced the old item now reference the new one, and the
     * old item is removed. Both items must belong to the app.
     */
    async replace(
      user: SessionUser,
      appId: string,
      { oldItemId, newItemId }: ReplaceDataItemRequest,
    ): Promise<{ replaced: true; contextItem: ContextItem }> {
      await ownedApp(user, appId);
      if (oldItemId === newItemId) throw new AppError('BAD_REQUEST', APP_MESSAGES.replaceSameItem);
      const [oldItem, newItem] = await Promise.all([contextRepo.findById(oldItemId), contextRepo.findById(newItemId)]);
      if (!oldItem || oldItem.appId !== appId || !newItem || newItem.appId !== appId)
        throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
      await contextRepo.swapToolDataItems(appId, oldItemId, newItemId);
      const updated = await contextRepo.update(newItemId, { originalContextItemId: oldItemId });
      await contextRepo.delete(oldItemId);
      await contextRepo.notify({ appId, itemId: oldItemId, kind: 'count' });
      return { replaced: true, contextItem: toContextItem(updated ?? newItem) };
    },

    /** Retrieval over the app's synced chunks (builder preview; tools call the retrieval service directly). */
    async search(
      user: SessionUser,
      appId: string,
      input: { query: string; limit?: number; mode?: RetrievalMode; itemIds?: string[] },
    ) {
      await ownedApp(user, appId);
      return {
        chunks: await retrieval.searchSimilar({
          appId,
          query: input.query,
          limit: input.limit,
          mode: input.mode,
          itemIds: input.itemIds ?? null,
        }),
      };
    },

    /**
     * Live status for the app's items: calls `onEvent` for every change any process makes (Postgres
     * NOTIFY). Resolves to an unsubscribe.
     */
    async subscribe(
      user: SessionUser,
      appId: string,
      onEvent: (event: ContextEvent) => void,
    ): Promise<() => Promise<void>> {
      await ownedApp(user, appId);
      // Deliveries run one at a time, in order, so a status never goes backwards on the client.
      let queue = Promise.resolve();
      return listen(CONTEXT_CHANNEL, (payload) => {
        let message: { appId?: string; itemId?: string; kind?: string };
        try {
          message = JSON.parse(payload);
        } catch {
          return;
        }
        if (message.appId !== appId) return;
        queue = queue
          .then(async () => {
            const item = message.kind === 'item' && message.itemId ? await contextRepo.findById(message.itemId) : null;
            if (item) onEvent({ event: 'item', data: { contextItem: toContextItem(item) } });
            else onEvent({ event: 'count', data: { count: await contextRepo.countForApp(appId) } });
          })
          .catch(() => {});
      });
    },
  };
}

export type ContextService = ReturnType<typeof createContextService>;
