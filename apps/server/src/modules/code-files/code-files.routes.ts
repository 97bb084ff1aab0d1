import { Hono, type MiddlewareHandler } from 'hono';
import { DeleteCodeFileRequestSchema, UpdateCodeFileRequestSchema } from '@tessera/contracts/code';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { CodeFilesService } from './code-files.service';

/** The code editor's calls (docs/product/editor-and-chat.md#calls). */
export function codeFilesRoutes({
  codeFiles,
  signedIn,
}: {
  codeFiles: CodeFilesService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/files', signedIn, async (c) =>
    c.json(await codeFiles.list(c.var.user, c.req.param('appId'))),
  );
  app.post('/api/apps/:appId/files/update', signedIn, async (c) => {
    const body = await readJson(c, UpdateCodeFileRequestSchema);
    return c.json(await codeFiles.update(c.var.user, c.req.param('appId'), body));
  });
  app.post('/api/apps/:appId/files/delete', signedIn, async (c) => {
    const body = await readJson(c, DeleteCodeFileRequestSchema);
    return c.json(await codeFiles.remove(c.var.user, c.req.param('appId'), body));
  });
  return app;
}
