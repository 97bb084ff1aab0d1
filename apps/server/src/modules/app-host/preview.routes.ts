import { Hono, type MiddlewareHandler } from 'hono';
import type { SessionUser } from '@tessera/contracts/auth';
import { PreviewUrlRequestSchema } from '@tessera/contracts/runtime';
import { readJson } from '../../platform/http/validate';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AuthVariables } from '../auth';
import type { AppHostService } from './app-host.service';
import { storeImageUpload } from './uploads';

export interface PreviewRoutesDeps {
  appHost: AppHostService;
  storage: FileStorage;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** The app, if the signed-in builder owns it (404 otherwise). */
  ownedApp: (user: SessionUser, appId: string) => Promise<{ id: string; slug: string }>;
}

/**
 * The builder's side of the app hosts: `POST /api/apps/{appId}/preview-url` {versionId?} -> { url,
 * versionId, expiresAt, builderOrigin }, and `POST /api/apps/{appId}/files` (an image for the Database grid) ->
 * { file_url }. The app's owner only.
 */
export function previewRoutes({ appHost, storage, signedIn, ownedApp }: PreviewRoutesDeps) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/api/apps/:appId/preview-url', signedIn, async (c) => {
    const { versionId } = await readJson(c, PreviewUrlRequestSchema);
    return c.json(
      await appHost.createPreviewUrl(c.var.user, c.req.param('appId'), versionId, c.req.header('authorization')),
    );
  });
  app.post('/api/apps/:appId/files', signedIn, async (c) =>
    c.json(
      await storeImageUpload(c, await ownedApp(c.var.user, c.req.param('appId')), {
        storage,
        appOrigin: appHost.appOrigin,
      }),
    ),
  );
  return app;
}
