import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  AppIdQuerySchema,
  ContextSearchRequestSchema,
  ContextUploadQuerySchema,
  IngestMetadataRequestSchema,
  IngestTextRequestSchema,
  ListContextItemsQuerySchema,
  RenameContextItemRequestSchema,
  ReplaceDataItemRequestSchema,
} from '@tessera/contracts/context';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/http/multipart';
import { createEventQueue, sseResponse } from '../../platform/http/sse';
import { readJson } from '../../platform/http/validate';
import type { SessionUser } from '@tessera/contracts/auth';
import type { AuthVariables } from '../auth';
import type { ContextService } from './context.service';
import { requireConnectorAccess } from './connectors';

type Vars = { Variables: AuthVariables };

/** Keeps proxies from closing an idle event stream. */
const SSE_PING_MS = 15_000;

function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AppError('VALIDATION_FAILED', `${issue.path.join('.') || 'query'}: ${issue.message}`);
  }
  return result.data;
}

/** Data sources API (docs/product/data-sources.md#calls context calls), all for the signed-in builder who owns the app. */
export function contextRoutes({
  context,
  signedIn,
  isAdmin,
}: {
  context: ContextService;
  signedIn: MiddlewareHandler<Vars>;
  /** Whether the signed-in builder is an admin: the Notion / Drive connectors are theirs only. */
  isAdmin: (user: SessionUser) => Promise<boolean>;
}) {
  const app = new Hono<Vars>();
  app.use('/api/context/*', signedIn);
  app.use('/api/tools/:appId/replaceDataItem', signedIn);

  app.get('/api/context/items', async (c) => {
    const { appId, status } = readQuery(c, ListContextItemsQuerySchema);
    return c.json(await context.list(c.var.user, appId, status));
  });

  /**
   * Live status (Server-Sent Events): `ready` once subscribed, then `item` {contextItem} on every
   * change and `count` {count} when items are added or removed, from any server process.
   */
  app.get('/api/context/items/events', async (c) => {
    const { appId } = readQuery(c, AppIdQuerySchema);
    let unsubscribe: (() => Promise<void>) | null = null;
    const events = createEventQueue<{ event: string; data: unknown }>({ onDetach: () => unsubscribe?.() });
    events.push({ event: 'ready', data: { appId } });
    unsubscribe = await context.subscribe(c.var.user, appId, (change) => events.push(change));
    const toMessage = ({ event, data }: { event: string; data: unknown }) => ({ event, data: JSON.stringify(data) });
    return sseResponse(events, toMessage, { keepAliveMs: SSE_PING_MS });
  });

  app.get('/api/context/connectors', async (c) => {
    const status = context.connectorStatus();
    if (await isAdmin(c.var.user)) return c.json(status);
    return c.json({ connectors: status.connectors.map((connector) => ({ ...connector, configured: false })) });
  });
  app.get('/api/context/connectors/:id/items', async (c) => {
    requireConnectorAccess(await isAdmin(c.var.user));
    return c.json(await context.listConnectorItems(c.req.param('id')));
  });

  app.post('/api/context/ingest/text', async (c) => {
    const { appId } = readQuery(c, AppIdQuerySchema);
    return c.json(await context.ingestText(c.var.user, appId, await readJson(c, IngestTextRequestSchema)));
  });

  /** Multipart, one file; `replaceItemId` (query) uploads a replacement without counting against the item limit. */
  app.post('/api/context/ingest/file', async (c) => {
    const { appId, replaceItemId } = readQuery(c, ContextUploadQuerySchema);
    const limit = await context.prepareUpload(c.var.user, appId, replaceItemId);
    const upload = await readMultipartFile(c, limit);
    return c.json(
      await context.ingestFile(c.var.user, appId, {
        filename: upload.filename,
        mimeType: upload.mimeType,
        stream: upload.stream,
        replaceItemId,
      }),
    );
  });

  app.post('/api/context/ingest/metadata', async (c) => {
    const { appId } = readQuery(c, AppIdQuerySchema);
    const request = await readJson(c, IngestMetadataRequestSchema);
    if (request.contextItems.some((item) => item.source !== 'web_scraper'))
      requireConnectorAccess(await isAdmin(c.var.user));
    return c.json(await context.ingestMetadata(c.var.user, appId, request));
  });

  app.post('/api/context/search', async (c) => {
    const { appId } = readQuery(c, AppIdQuerySchema);
    return c.json(await context.search(c.var.user, appId, await readJson(c, ContextSearchRequestSchema)));
  });

  app.get('/api/context/:id', async (c) => c.json({ contextItem: await context.get(c.var.user, c.req.param('id')) }));
  app.patch('/api/context/:id', async (c) => {
    const { name } = await readJson(c, RenameContextItemRequestSchema);
    return c.json({ contextItem: await context.rename(c.var.user, c.req.param('id'), name) });
  });
  app.delete('/api/context/:id', async (c) => c.json(await context.delete(c.var.user, c.req.param('id'))));
  app.post('/api/context/:id/sync', async (c) => {
    const id = c.req.param('id');
    // A connector's item is fetched again with the operator's credentials.
    const { source } = await context.get(c.var.user, id);
    if (source === 'notion' || source === 'google_drive') requireConnectorAccess(await isAdmin(c.var.user));
    return c.json({ contextItem: await context.resync(c.var.user, id) });
  });

  app.post('/api/tools/:appId/replaceDataItem', async (c) =>
    c.json(await context.replace(c.var.user, c.req.param('appId'), await readJson(c, ReplaceDataItemRequestSchema))),
  );
  return app;
}
