import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthVariables } from '../auth/session';
import type { VersionsService } from './versions.service';

export function versionsRoutes({
  versions,
  signedIn,
}: {
  versions: VersionsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/versions', signedIn, async (c) =>
    c.json({ versions: await versions.list(c.var.user, c.req.param('appId')) }),
  );
  app.get('/api/apps/:appId/versions/:versionId', signedIn, async (c) =>
    c.json(await versions.get(c.var.user, c.req.param('appId'), c.req.param('versionId'))),
  );
  app.get('/api/apps/:appId/versions/:versionId/changes', signedIn, async (c) =>
    c.json({
      files: await versions.changes(
        c.var.user,
        c.req.param('appId'),
        c.req.param('versionId'),
        c.req.query('base') || undefined,
      ),
    }),
  );
  app.post('/api/apps/:appId/publish', signedIn, async (c) =>
    c.json(await versions.publish(c.var.user, c.req.param('appId'))),
  );
  return app;
}
