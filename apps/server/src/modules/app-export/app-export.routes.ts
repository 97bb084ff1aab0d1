import { Hono, type MiddlewareHandler } from 'hono';
import {
  APP_KEY_HEADER,
  EXPORT_MESSAGES as M,
  ExportQuerySchema,
  IMPORT_MAX_ZIP_BYTES,
} from '@tessera/contracts/app-export';
import { AppError } from '../../platform/errors';
import { readMultipartFile } from '../../platform/http/multipart';
import type { AuthVariables } from '../auth';
import type { AppExportService } from './app-export.service';

/** The import route streams its upload under its own limit (app.ts lists it among the streamed uploads). */
export const IMPORT_ROUTE = { method: 'POST', path: '/api/apps/:appId/import' } as const;

/** Export and import of a generated app (docs/product/export.md#calls). */
export function appExportRoutes({
  appExport,
  signedIn,
}: {
  appExport: AppExportService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/export', signedIn, async (c) => {
    const query = ExportQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new AppError('VALIDATION_FAILED', `mode: ${query.error.issues[0]!.message}`);
    const { fileName, zip } = await appExport.exportZip(c.var.user, c.req.param('appId'), {
      mode: query.data.mode,
      appKey: c.req.header(APP_KEY_HEADER) ?? null,
    });
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    });
  });
  app.post(IMPORT_ROUTE.path, signedIn, async (c) => {
    const readUpload = async () => {
      const upload = await readMultipartFile(c, { maxBytes: IMPORT_MAX_ZIP_BYTES, tooLargeMessage: M.zipTooLarge });
      const chunks: Buffer[] = [];
      for await (const chunk of upload.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    return c.json(await appExport.importZip(c.var.user, c.req.param('appId'), readUpload));
  });
  return app;
}
