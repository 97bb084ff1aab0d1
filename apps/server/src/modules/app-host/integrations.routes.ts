import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  EXTRACT_MAX_BYTES,
  ExtractDataRequestSchema,
  INTEGRATION_MESSAGES,
  InvokeLlmWithContextRequestSchema,
  RUNTIME_MESSAGES,
  SendEmailRequestSchema,
} from '@tessera/contracts/runtime';
import { AppError } from '../../platform/errors';
import { clientIp } from '../../platform/http/client-ip';
import { readMultipartFile } from '../../platform/http/multipart';
import { readJson } from '../../platform/http/validate';
import type { IntegrationsService } from './integrations.service';
import type { HostEnv } from './host-env';

const smallBody = bodyLimit({
  maxSize: 256 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', APP_MESSAGES.bodyTooLarge);
  },
});

/** The multipart form of ExtractDataFromUploadedFile: its `json_schema` field and the file's bytes. */
async function readExtractForm(c: Context<HostEnv>) {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? ''))
    throw new AppError('BAD_REQUEST', INTEGRATION_MESSAGES.extractNeedsFile);
  const upload = await readMultipartFile(c, {
    maxBytes: EXTRACT_MAX_BYTES,
    tooLargeMessage: RUNTIME_MESSAGES.fileTooLarge,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of upload.stream) chunks.push(chunk as Buffer);
  let schema: unknown;
  try {
    schema = JSON.parse(upload.fields.json_schema ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', INTEGRATION_MESSAGES.extractSchemaInvalid);
  }
  const parsed = ExtractDataRequestSchema.safeParse({ json_schema: schema });
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', INTEGRATION_MESSAGES.extractSchemaInvalid);
  return {
    file: { bytes: new Uint8Array(Buffer.concat(chunks)), filename: upload.filename, mimeType: upload.mimeType },
    schema: parsed.data.json_schema,
  };
}

/**
 * `POST /integrations/Core/{InvokeLLM|SendEmail|ExtractDataFromUploadedFile|GenerateImage}` and
 * `GET /apps/{appId}/integrations/schema` on an app's host (docs/product/runtime.md#calls). The
 * calls that spend the operator's budget need one of the app's users or its owner's preview.
 */
export function coreIntegrationRoutes(
  host: Hono<HostEnv>,
  {
    integrations,
    requireAppCaller,
    trustProxy,
  }: {
    integrations: IntegrationsService;
    requireAppCaller: (c: Context<HostEnv>) => Promise<void>;
    trustProxy: boolean;
  },
): void {
  host.post('/integrations/Core/InvokeLLM', smallBody, async (c) => {
    await requireAppCaller(c);
    const input = await readJson(c, InvokeLlmWithContextRequestSchema);
    return c.json(await integrations.invokeLLM(c.var.hostApp, clientIp(c, trustProxy), input));
  });
  host.post('/integrations/Core/SendEmail', smallBody, async (c) => {
    await requireAppCaller(c);
    return c.json(await integrations.sendEmail(c.var.hostApp, await readJson(c, SendEmailRequestSchema)));
  });
  host.post('/integrations/Core/ExtractDataFromUploadedFile', async (c) => {
    await requireAppCaller(c);
    const { file, schema } = await readExtractForm(c);
    return c.json(await integrations.extractData(c.var.hostApp, clientIp(c, trustProxy), file, schema));
  });
  host.post('/integrations/Core/GenerateImage', async (c) => {
    await requireAppCaller(c);
    return integrations.generateImage();
  });
  host.get('/apps/:appId/integrations/schema', async (c) => {
    if (c.req.param('appId') !== c.var.hostApp.id) throw new AppError('NOT_FOUND', RUNTIME_MESSAGES.otherApp);
    return c.json(await integrations.schema(c.var.hostApp));
  });
}
