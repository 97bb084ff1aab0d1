import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  CreateToolApiKeyRequestSchema,
  TOOL_BATCH_MAX_BYTES,
  TOOL_BATCH_MESSAGES,
  ToolApiRunRequestSchema,
  ToolBatchMappingSchema,
} from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/http/multipart';
import { sseResponse } from '../../platform/http/sse';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { ToolApiService } from '../tool-api';
import type { ToolBatchesService } from './tool-batches.service';

type Vars = { Variables: AuthVariables };

/** The uploaded CSV, whole (at most TOOL_BATCH_MAX_BYTES), and the form's fields sent before it. */
async function readCsvUpload(c: Context) {
  const upload = await readMultipartFile(c, {
    maxBytes: TOOL_BATCH_MAX_BYTES,
    tooLargeMessage: TOOL_BATCH_MESSAGES.tooLarge,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of upload.stream) chunks.push(chunk as Buffer);
  return { fields: upload.fields, file: { name: upload.filename, bytes: new Uint8Array(Buffer.concat(chunks)) } };
}

function mappingOf(raw: string | undefined): Record<string, string> {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', TOOL_BATCH_MESSAGES.mappingInvalid);
  }
  const parsed = ToolBatchMappingSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', TOOL_BATCH_MESSAGES.mappingInvalid);
  // Entries, not assignments: a field named `__proto__` stays a plain key.
  return Object.fromEntries(Object.entries(parsed.data));
}

/**
 * Batch runs and API keys for the tool's builder, and the tool API for key holders
 * (docs/product/tools.md#batch-runs, #the-tool-api; docs/api.md).
 */
export function toolBatchesRoutes({
  batches,
  api,
  signedIn,
}: {
  batches: ToolBatchesService;
  api: ToolApiService;
  signedIn: MiddlewareHandler<Vars>;
}) {
  const app = new Hono<Vars>();
  const B = '/api/apps/:appId/tools/:toolId/batches';
  const K = '/api/apps/:appId/tools/:toolId/api-keys';
  app.use(`${B}/*`, signedIn);
  app.use(B, signedIn);
  app.use(`${K}/*`, signedIn);
  app.use(K, signedIn);
  const ids = (c: Context<Vars>) => [c.var.user, c.req.param('appId')!, c.req.param('toolId')!] as const;

  app.post(`${B}/preview`, async (c) => {
    const { file } = await readCsvUpload(c);
    return c.json(await batches.preview(...ids(c), file));
  });
  app.post(B, async (c) => {
    const { fields, file } = await readCsvUpload(c);
    return c.json(await batches.create(...ids(c), file, mappingOf(fields.mapping)));
  });
  app.get(B, async (c) => c.json(await batches.list(...ids(c))));
  app.get(`${B}/:batchId`, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await batches.get(...ids(c), c.req.param('batchId')));
  });
  app.post(`${B}/:batchId/cancel`, async (c) => c.json(await batches.cancel(...ids(c), c.req.param('batchId'))));
  app.get(`${B}/:batchId/results.csv`, async (c) => {
    const { fileName, csv } = await batches.results(...ids(c), c.req.param('batchId'));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    });
  });

  app.get(K, async (c) => c.json(await api.list(...ids(c))));
  app.post(K, async (c) => {
    const { name } = await readJson(c, CreateToolApiKeyRequestSchema);
    return c.json(await api.create(...ids(c), name));
  });
  app.delete(`${K}/:keyId`, async (c) => c.json(await api.revoke(...ids(c), c.req.param('keyId'))));

  // The tool API: the key first (401/403 before the body is judged), then the values.
  app.post('/api/v1/tools/:toolId/run', async (c) => {
    const key = await api.authorize(c.req.header('authorization'), c.req.param('toolId'));
    const { values } = await readJson(c, ToolApiRunRequestSchema);
    const events = await api.run(key, values);
    if (c.req.header('accept')?.includes('text/event-stream'))
      return sseResponse(events, (event) => ({ event: event.type, data: JSON.stringify(event) }));
    return c.json(await api.collect(events));
  });
  return app;
}
