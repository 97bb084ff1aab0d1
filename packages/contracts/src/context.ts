import { z } from 'zod';

/** Context item statuses (docs/product/data-sources.md#states-and-transitions), in the order an ingestion moves through them. */
export const CONTEXT_ITEM_STATUSES = [
  'unsynced',
  'pending',
  'running',
  'synced',
  'error',
  'usage_limit_reached',
] as const;
export type ContextItemStatus = (typeof CONTEXT_ITEM_STATUSES)[number];
/** Statuses the UI keeps a live subscription open for (docs/product/data-sources.md#states-and-transitions). */
export const LIVE_CONTEXT_ITEM_STATUSES: readonly ContextItemStatus[] = ['unsynced', 'pending', 'running'];
/** Statuses an ingestion ends in. */
export const FINAL_CONTEXT_ITEM_STATUSES: readonly ContextItemStatus[] = ['synced', 'error', 'usage_limit_reached'];

/** The label shown for each status (docs/product/data-sources.md#states-and-transitions): unsynced and pending both read "Pending". */
export const CONTEXT_STATUS_LABELS: Record<ContextItemStatus, string> = {
  unsynced: 'Pending',
  pending: 'Pending',
  running: 'Syncing...',
  synced: 'Synced',
  error: 'Error',
  usage_limit_reached: 'Usage limit reached',
};

/** Context item types (docs/product/data-sources.md#data). */
export const CONTEXT_ITEM_TYPES = [
  'csv',
  'doc',
  'txt',
  'pdf',
  'google_doc',
  'google_sheet',
  'google_slide',
  'notion_database',
  'notion_page',
  'web_page',
  'unrecognized',
] as const;
export type ContextItemType = (typeof CONTEXT_ITEM_TYPES)[number];

/** Where an item came from (docs/product/data-sources.md#data). */
export const CONTEXT_ITEM_SOURCES = ['local_files', 'web_scraper', 'google_drive', 'notion'] as const;
export type ContextItemSource = (typeof CONTEXT_ITEM_SOURCES)[number];

/** Who provides the item: the product itself, or a connector (docs/product/data-sources.md#data provider). */
export const CONTEXT_PROVIDERS = ['tessera', 'notion', 'google_drive'] as const;
export type ContextProvider = (typeof CONTEXT_PROVIDERS)[number];

/** Upgrade reasons the UI turns into the upgrade prompt (docs/product/data-sources.md#errors). */
export const UPGRADE_REASONS = [
  'free_data_items_limit',
  'data_processing_limit',
  'default',
  'ACTIVATED_TOOL_PER_APP_LIMIT_REACHED',
] as const;
export type UpgradeReason = (typeof UPGRADE_REASONS)[number];

/** The Data Sources dialog (docs/product/data-sources.md#screens-and-routes): its title and option labels, in order. */
export const DATA_SOURCES_DIALOG_TITLE = 'Data Sources';
export const DATA_SOURCE_OPTIONS = [
  { id: 'text', label: 'Text' },
  { id: 'csv', label: 'Items List (CSV)' },
  { id: 'doc', label: 'Doc (DOCX)' },
  { id: 'pdf', label: 'PDF' },
  { id: 'web_scraper', label: 'Web scraper' },
  { id: 'notion', label: 'Notion' },
  { id: 'google_drive', label: 'Google Drive' },
] as const;
export type DataSourceOptionId = (typeof DATA_SOURCE_OPTIONS)[number]['id'];

/** Accepted MIME types per upload option (docs/product/data-sources.md#rules-and-messages): CSV text/csv, PDF application/pdf, Doc msword or docx. */
export const FILE_ACCEPT: Record<'csv' | 'doc' | 'pdf' | 'txt', string[]> = {
  csv: ['text/csv'],
  doc: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  pdf: ['application/pdf'],
  txt: ['text/plain', 'text/markdown'],
};

/** Chunking of every ingested text (docs/product/data-sources.md#limits): characters per chunk and overlap. */
export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 200;
/** The UI waits this long after the name field blurs before saving a rename (docs/product/data-sources.md#limits). */
export const RENAME_BLUR_DELAY_MS = 500;
export const CONTEXT_ITEM_NAME_MAX_LENGTH = 200;
/** Largest pasted text (characters) the text ingestion takes. */
export const CONTEXT_TEXT_MAX_LENGTH = 2_000_000;

/** A context (data) item with every field of docs/product/data-sources.md#data, plus the kept error reason and crawl progress. */
export const ContextItemSchema = z.object({
  id: z.string(),
  appId: z.string(),
  name: z.string(),
  type: z.enum(CONTEXT_ITEM_TYPES),
  source: z.enum(CONTEXT_ITEM_SOURCES),
  provider: z.enum(CONTEXT_PROVIDERS),
  providerItemId: z.string().nullable(),
  externalFileId: z.string().nullable(),
  externalFileUrl: z.string().nullable(),
  status: z.enum(CONTEXT_ITEM_STATUSES),
  /** Why the last ingestion failed (status error or usage_limit_reached); null otherwise. */
  errorReason: z.string().nullable(),
  /** Bytes of the original upload or fetched content. */
  size: z.number().int().nonnegative(),
  numOfChunks: z.number().int().nonnegative(),
  originalContextItemId: z.string().nullable(),
  createdAt: z.string(),
  lastSyncedAt: z.string().nullable(),
  /** Scraper progress while a crawl runs: pages done of at most `total`. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
});
export type ContextItem = z.infer<typeof ContextItemSchema>;

/** `GET /api/context/items?appId=[&status=]`. */
export const ListContextItemsQuerySchema = z.object({
  appId: z.string().min(1).max(100),
  status: z.enum(CONTEXT_ITEM_STATUSES).optional(),
});
export type ListContextItemsQuery = z.infer<typeof ListContextItemsQuerySchema>;
export const ListContextItemsResponseSchema = z.object({
  contextItems: z.array(ContextItemSchema),
  /** True once the account's monthly data processing limit is used up (the banner of docs/product/data-sources.md#errors). */
  hasReachedDataLimit: z.boolean(),
});
export type ListContextItemsResponse = z.infer<typeof ListContextItemsResponseSchema>;

/** `?appId=` of the ingest calls. */
export const AppIdQuerySchema = z.object({ appId: z.string().min(1).max(100) });

/** `PATCH /api/context/{id}`. */
export const RenameContextItemRequestSchema = z.object({
  name: z.string().trim().min(1).max(CONTEXT_ITEM_NAME_MAX_LENGTH),
});
export type RenameContextItemRequest = z.infer<typeof RenameContextItemRequestSchema>;

/** `PATCH` and `DELETE /api/context/{id}` answer. */
export const ContextItemResponseSchema = z.object({ contextItem: ContextItemSchema });
export const DeleteContextItemResponseSchema = z.object({ deleted: z.literal(true), id: z.string() });

/**
 * `POST /api/context/ingest/text?appId=`: `context` is the text. An empty one is refused with
 * "Please enter some text" by the service (not by zod), so the exact message reaches every client.
 */
export const IngestTextRequestSchema = z.object({
  context: z.string().max(CONTEXT_TEXT_MAX_LENGTH).optional(),
  name: z.string().trim().min(1).max(CONTEXT_ITEM_NAME_MAX_LENGTH).optional(),
});
export type IngestTextRequest = z.infer<typeof IngestTextRequestSchema>;

/** Answer of every ingest call that creates one item (text, file). */
export const IngestResponseSchema = z.object({ contextItemId: z.string() });
export type IngestResponse = z.infer<typeof IngestResponseSchema>;

/** A web page (or site) to scrape. maxPages/maxDepth are capped by the plan (docs/product/data-sources.md#limits). */
export const WebPageMetadataSchema = z.object({
  source: z.literal('web_scraper'),
  url: z.string().trim().min(1).max(2048),
  name: z.string().trim().min(1).max(CONTEXT_ITEM_NAME_MAX_LENGTH).optional(),
  maxPages: z.number().int().positive().optional(),
  maxDepth: z.number().int().nonnegative().optional(),
});
/** A connector item picked in the Notion or Google Drive picker. */
export const ConnectorItemMetadataSchema = z.object({
  source: z.enum(['notion', 'google_drive']),
  providerItemId: z.string().min(1).max(500),
  name: z.string().trim().min(1).max(CONTEXT_ITEM_NAME_MAX_LENGTH),
  type: z.enum(CONTEXT_ITEM_TYPES),
  externalFileUrl: z.string().max(2048).optional(),
});
export const ContextItemMetadataSchema = z.discriminatedUnion('source', [
  WebPageMetadataSchema,
  ConnectorItemMetadataSchema,
]);
export type ContextItemMetadata = z.infer<typeof ContextItemMetadataSchema>;

/** `POST /api/context/ingest/metadata?appId=`. */
export const IngestMetadataRequestSchema = z.object({
  contextItems: z.array(ContextItemMetadataSchema).min(1).max(20),
});
export type IngestMetadataRequest = z.infer<typeof IngestMetadataRequestSchema>;
export const IngestMetadataResponseSchema = z.object({ contextItemIds: z.array(z.string()) });
export type IngestMetadataResponse = z.infer<typeof IngestMetadataResponseSchema>;

/** `POST /api/tools/{appId}/replaceDataItem` (docs/product/data-sources.md#states-and-transitions Replace a file). */
export const ReplaceDataItemRequestSchema = z.object({
  oldItemId: z.string().min(1).max(100),
  newItemId: z.string().min(1).max(100),
});
export type ReplaceDataItemRequest = z.infer<typeof ReplaceDataItemRequestSchema>;
export const ReplaceDataItemResponseSchema = z.object({ replaced: z.literal(true), contextItem: ContextItemSchema });

/**
 * `GET /api/context/items/events?appId=` (Server-Sent Events). Event `item`: one item changed
 * (status, chunks, progress); event `count`: the number of items changed (refresh the list);
 * event `ready` once subscribed. Comments (`: ping`) keep the connection open.
 */
export const CONTEXT_EVENT_NAMES = ['ready', 'item', 'count'] as const;
export const ContextItemEventSchema = z.object({ contextItem: ContextItemSchema });
export const ContextCountEventSchema = z.object({ count: z.number().int().nonnegative() });
export type ContextItemEvent = z.infer<typeof ContextItemEventSchema>;
export type ContextCountEvent = z.infer<typeof ContextCountEventSchema>;

/** Connectors shown in the dialog, and whether the server has credentials for them. */
export const ConnectorStatusSchema = z.object({
  id: z.enum(['notion', 'google_drive']),
  configured: z.boolean(),
});
export const ConnectorsResponseSchema = z.object({ connectors: z.array(ConnectorStatusSchema) });
export type ConnectorsResponse = z.infer<typeof ConnectorsResponseSchema>;
/** `GET /api/context/connectors/{id}/items`: what the connector's picker offers. */
export const ConnectorItemSchema = z.object({
  providerItemId: z.string(),
  name: z.string(),
  type: z.enum(CONTEXT_ITEM_TYPES),
  externalFileUrl: z.string().nullable(),
});
export const ConnectorItemsResponseSchema = z.object({ items: z.array(ConnectorItemSchema) });
export type ConnectorItemsResponse = z.infer<typeof ConnectorItemsResponseSchema>;
/** Item types each connector may ingest. */
export const CONNECTOR_ITEM_TYPES: Record<'notion' | 'google_drive', ContextItemType[]> = {
  notion: ['notion_page', 'notion_database'],
  google_drive: ['google_doc', 'google_sheet', 'google_slide'],
};
/** Label shown on a connector the server has no credentials for. */
export const CONNECTOR_NOT_CONFIGURED_LABEL = 'not configured';

/** A chunk retrieved for a question, with its source item (retrieval service, docs/product/data-sources.md#states-and-transitions). */
export const RetrievedChunkSchema = z.object({
  chunkId: z.string(),
  content: z.string(),
  score: z.number(),
  contextItem: z.object({ id: z.string(), name: z.string(), type: z.enum(CONTEXT_ITEM_TYPES) }),
});
export type RetrievedChunk = z.infer<typeof RetrievedChunkSchema>;

/** `POST /api/context/search?appId=`: the retrieval tools use, for previews. */
export const ContextSearchRequestSchema = z.object({
  query: z.string().trim().min(1).max(2000),
  limit: z.number().int().min(1).max(50).optional(),
  mode: z.enum(['hybrid', 'fts', 'vector']).optional(),
  itemIds: z.array(z.string().max(100)).max(100).optional(),
});
/** `POST /api/context/ingest/file?appId=[&replaceItemId=]`. */
export const ContextUploadQuerySchema = AppIdQuerySchema.extend({
  replaceItemId: z.string().min(1).max(100).optional(),
});
