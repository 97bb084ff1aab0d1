import { z } from 'zod';
import { ToolRunSourceSchema, ToolRunUsageTokensSchema, ToolRunRequestSchema } from './tool-runs';

/**
 * Batch runs and the tool API (docs/product/tools.md#batch-runs, #the-tool-api, docs/api.md).
 *
 * Batches, for the tool's builder (session auth):
 * - `POST /api/apps/{appId}/tools/{toolId}/batches/preview`: multipart `file` (a CSV) -> its columns,
 *   row count, the first rows and the suggested mapping (`ToolBatchPreview`).
 * - `POST /api/apps/{appId}/tools/{toolId}/batches`: multipart `mapping` (JSON, field -> column) then
 *   `file` -> the batch (`ToolBatch`), queued as a background job.
 * - `GET .../batches` (newest first), `GET .../batches/{batchId}`, `POST .../batches/{batchId}/cancel`,
 *   `GET .../batches/{batchId}/results.csv`.
 *
 * Keys, for the tool's builder: `GET/POST .../api-keys`, `DELETE .../api-keys/{keyId}` (revoke).
 * The API, for whoever holds a key: `POST /api/v1/tools/{toolId}/run` with `Authorization: Bearer ttk_…`.
 */

/** Largest CSV a batch takes, and most rows (the header not counted). */
export const TOOL_BATCH_MAX_BYTES = 1024 * 1024;
export const TOOL_BATCH_MAX_ROWS = 500;
/** Most columns of a batch's CSV, and characters of one cell. */
export const TOOL_BATCH_MAX_COLUMNS = 50;
export const TOOL_BATCH_MAX_CELL = 20_000;
/** Rows shown in the preview. */
export const TOOL_BATCH_PREVIEW_ROWS = 3;
/** The result file's extra columns, after the input columns. */
export const TOOL_BATCH_RESULT_COLUMNS = ['result', 'status', 'error'] as const;

/** Most live API keys per tool; calls per key per minute. */
export const TOOL_API_KEYS_PER_TOOL = 10;
export const TOOL_API_CALLS_PER_MINUTE = 60;
/** The start of every tool API key. */
export const TOOL_API_KEY_PREFIX = 'ttk_';

export const TOOL_BATCH_STATUSES = ['queued', 'running', 'done', 'cancelled', 'stopped', 'failed'] as const;
export type ToolBatchStatus = (typeof TOOL_BATCH_STATUSES)[number];
/** States a batch no longer leaves. */
export const TOOL_BATCH_FINISHED: readonly ToolBatchStatus[] = ['done', 'cancelled', 'stopped', 'failed'];

export const TOOL_BATCH_MESSAGES = {
  empty: 'This CSV has no rows to run: it needs a header line and at least one row',
  tooLarge: `CSV files for a batch are at most ${TOOL_BATCH_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `A batch runs at most ${TOOL_BATCH_MAX_ROWS} rows; split the file and run it in parts`,
  tooManyColumns: `A batch's CSV has at most ${TOOL_BATCH_MAX_COLUMNS} columns`,
  cellTooLong: `Line {row} has a cell longer than ${TOOL_BATCH_MAX_CELL} characters`,
  notUtf8: 'This file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again',
  nulBytes: 'This file holds NUL bytes, so it is not a CSV. Upload a text CSV file',
  unreadable: 'This CSV could not be read (line {row}): check its quotes and separators',
  duplicateColumn: 'The column "{name}" appears twice in the header; give each column its own name',
  emptyColumn: 'Every column of the header needs a name',
  unmappedRequired: 'Choose a column for the required field "{label}"',
  unknownColumn: 'The CSV has no column "{name}"',
  unknownField: 'This tool has no field named "{name}"',
  noMapping: 'Choose a column for at least one field',
  mappingInvalid: 'The column mapping is not valid JSON',
  notFound: 'This batch does not exist',
  alreadyFinished: 'This batch has already finished',
  planLimitStop:
    "Stopped: your plan's tool runs for this month are used up. Upgrade your plan or wait for next month to run the rest",
  cancelled: 'Cancelled by the builder',
  runFailed: 'The answer could not be written',
} as const;

export const TOOL_API_MESSAGES = {
  missingKey: 'Send your tool API key as "Authorization: Bearer ttk_…"',
  invalidKey: 'This API key is not valid or has been revoked',
  otherTool: 'This API key belongs to another tool',
  notLive: 'This tool is not live. Turn it on in the builder to use it through the API',
  rateLimited: `Too many calls with this key: at most ${TOOL_API_CALLS_PER_MINUTE} a minute. Please wait and try again`,
  keyNameEmpty: 'Give the key a name',
  tooManyKeys: `A tool can have at most ${TOOL_API_KEYS_PER_TOOL} API keys; revoke one first`,
  keyNotFound: 'This API key does not exist',
} as const;

export const ToolBatchSchema = z.object({
  id: z.string(),
  toolId: z.string(),
  fileName: z.string(),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  status: z.enum(TOOL_BATCH_STATUSES),
  totalRows: z.number(),
  doneRows: z.number(),
  failedRows: z.number(),
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ToolBatch = z.infer<typeof ToolBatchSchema>;
export const ToolBatchListResponseSchema = z.object({ batches: z.array(ToolBatchSchema) });
export type ToolBatchListResponse = z.infer<typeof ToolBatchListResponseSchema>;

export const ToolBatchPreviewSchema = z.object({
  fileName: z.string(),
  columns: z.array(z.string()),
  rowCount: z.number(),
  rows: z.array(z.array(z.string())),
  /** Field name -> the column that names it best (absent: none does). */
  mapping: z.record(z.string(), z.string()),
  /** The tool's inputs: what a column can be mapped to. */
  fields: z.array(z.object({ name: z.string(), label: z.string(), required: z.boolean() })),
});
export type ToolBatchPreview = z.infer<typeof ToolBatchPreviewSchema>;

/** The `mapping` part of a new batch's form: field name -> column name. */
export const ToolBatchMappingSchema = z.record(z.string().min(1).max(100), z.string().max(500));

export const ToolApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ToolApiKey = z.infer<typeof ToolApiKeySchema>;
export const ToolApiKeyListResponseSchema = z.object({
  keys: z.array(ToolApiKeySchema),
  /** The address to call: `{origin}/api/v1/tools/{toolId}/run`. */
  endpoint: z.string(),
});
export type ToolApiKeyListResponse = z.infer<typeof ToolApiKeyListResponseSchema>;
export const CreateToolApiKeyRequestSchema = z.object({ name: z.string().max(60) });
export type CreateToolApiKeyRequest = z.infer<typeof CreateToolApiKeyRequestSchema>;
/** The new key: `secret` is shown this once and never again. */
export const CreateToolApiKeyResponseSchema = z.object({ key: ToolApiKeySchema, secret: z.string() });
export type CreateToolApiKeyResponse = z.infer<typeof CreateToolApiKeyResponseSchema>;

/** `POST /api/v1/tools/{toolId}/run`: the field values, as the tool's page sends them. */
export const ToolApiRunRequestSchema = ToolRunRequestSchema;
export const ToolApiRunResponseSchema = z.object({
  runId: z.string(),
  /** The whole answer (markdown). */
  result: z.string(),
  sources: z.array(ToolRunSourceSchema),
  model: z.object({ id: z.string(), label: z.string(), offline: z.boolean() }),
  usage: ToolRunUsageTokensSchema,
});
export type ToolApiRunResponse = z.infer<typeof ToolApiRunResponseSchema>;

/** A ready curl line for a tool's API (the settings panel shows it; docs/api.md). */
export function toolApiCurl(endpoint: string, key: string, values: Record<string, string>): string {
  const body = JSON.stringify({ values }).replace(/'/g, "'\\''");
  return `curl -X POST '${endpoint}' -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' -d '${body}'`;
}
