import type { Context, Hono } from 'hono';
import { APP_MESSAGES } from '@tessera/contracts';
import { AppError } from '../../platform/errors';
import { readAnyJson } from '../../platform/http/validate';
import { setHostApp, type HostEnv } from '../app-host';

/** The Core integrations the SDK may call that this server has (docs/base44-sdk.md). */
const CORE = new Set(['InvokeLLM', 'UploadFile', 'SendEmail', 'ExtractDataFromUploadedFile', 'GenerateImage']);
/** `ExtractDataFromUploadedFile` reads a file this host stores (what `UploadFile` answered). */
const OWN_FILE = /^\/files\/[0-9a-f-]{36}\.[a-z]+$/;

/**
 * The SDK's `integrations.Core.*` (`POST /api/apps/{appId}/integration-endpoints/Core/{name}`):
 * each call goes in-process to the host's own `/integrations/Core/{name}` route, with its callers'
 * rule (one of the app's users), rate limits and budget, and its answer is reshaped for the SDK:
 * InvokeLLM answers the bare text (or the object of `response_json_schema`).
 */
export function base44IntegrationRoutes(host: Hono<HostEnv>): void {
  /** One request to the host's own router, with this request's caller and client address. */
  async function onHost(c: Context<HostEnv>, path: string, init: RequestInit): Promise<Response> {
    const url = new URL(c.req.url);
    url.pathname = path;
    url.search = '';
    const headers = new Headers();
    for (const name of ['host', 'authorization', 'x-forwarded-for'])
      if (c.req.header(name)) headers.set(name, c.req.header(name)!);
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
    const request = new Request(url, { ...init, headers });
    setHostApp(request, { app: c.var.hostApp, isCustom: c.var.isCustomHost });
    return host.fetch(request, c.env);
  }

  /** `{ file_url, json_schema }` as the multipart form of the host's route: the file read from this host's storage. */
  async function extractForm(c: Context<HostEnv>): Promise<FormData> {
    const input = await readAnyJson(c);
    const { file_url: fileUrl, json_schema: schema } = (input ?? {}) as Record<string, unknown>;
    let path = '';
    try {
      const url = new URL(String(fileUrl), new URL(c.req.url).origin);
      if (url.host === c.req.header('host') || url.host === new URL(c.req.url).host) path = url.pathname;
    } catch {
      // not a URL: refused below
    }
    if (!OWN_FILE.test(path))
      throw new AppError('VALIDATION_FAILED', 'file_url must be a file this app stored (the file_url UploadFile gave)');
    const file = await onHost(c, path, { method: 'GET' });
    if (!file.ok) throw new AppError('NOT_FOUND', 'No file at this file_url');
    const form = new FormData();
    form.append('json_schema', JSON.stringify(schema ?? null));
    const type = file.headers.get('content-type') ?? 'application/octet-stream';
    form.append('file', new Blob([await file.arrayBuffer()], { type }), path.slice('/files/'.length));
    return form;
  }

  host.post('/api/apps/:appId/integration-endpoints/Core/:name', async (c) => {
    const name = c.req.param('name');
    if (!CORE.has(name)) {
      // Read first: an answer sent before its body arrived would end the client's connection.
      await c.req.arrayBuffer();
      throw new AppError('NOT_FOUND', APP_MESSAGES.routeNotFound);
    }
    const path = `/integrations/Core/${name}`;
    const answer =
      name === 'ExtractDataFromUploadedFile'
        ? await onHost(c, path, { method: 'POST', body: await extractForm(c) })
        : // Read whole (at most UPLOAD_MAX_BYTES): a body left unread would end the client's kept-alive connection.
          await onHost(c, path, {
            method: 'POST',
            headers: { 'content-type': c.req.header('content-type') ?? 'application/json' },
            body: await c.req.arrayBuffer(),
          });
    if (!answer.ok) return answer;
    const body = (await answer.json()) as Record<string, unknown>;
    if (name === 'InvokeLLM') return c.json(body.result as object);
    if (name === 'ExtractDataFromUploadedFile') return c.json({ details: null, ...body });
    return c.json(body);
  });
}
