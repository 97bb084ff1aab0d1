import { Hono, type MiddlewareHandler } from 'hono';
import { CODE_ROUTES } from '@tessera/contracts/code';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth';
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
  const on = routesOn(app);
  on(CODE_ROUTES.listFiles, signedIn, async ({ c, params }) => codeFiles.list(c.var.user, params.appId));
  on(CODE_ROUTES.updateFile, signedIn, async ({ c, params, body }) =>
    codeFiles.update(c.var.user, params.appId, await body()),
  );
  on(CODE_ROUTES.deleteFile, signedIn, async ({ c, params, body }) =>
    codeFiles.remove(c.var.user, params.appId, await body()),
  );
  return app;
}
