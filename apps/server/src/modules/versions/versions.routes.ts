import { Hono, type MiddlewareHandler } from 'hono';
import { PublishRequestSchema, RenameFieldRequestSchema, SaveEntityRequestSchema } from '@tessera/contracts/apps';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { SchemaEdits } from './schema-edits.service';
import type { VersionsService } from './versions.service';

export function versionsRoutes({
  versions,
  schemaEdits,
  signedIn,
}: {
  versions: VersionsService;
  schemaEdits: SchemaEdits;
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
  // The Database panel's schema changes: new versions, end users get them on publish.
  app.put('/api/apps/:appId/entities/:name', signedIn, async (c) => {
    const { schema } = await readJson(c, SaveEntityRequestSchema);
    return c.json(await schemaEdits.saveEntity(c.var.user, c.req.param('appId'), c.req.param('name'), schema));
  });
  app.post('/api/apps/:appId/entities/:name/fields/:field/rename', signedIn, async (c) => {
    const { to } = await readJson(c, RenameFieldRequestSchema);
    return c.json(
      await schemaEdits.renameField(c.var.user, c.req.param('appId'), c.req.param('name'), c.req.param('field'), to),
    );
  });
  app.get('/api/apps/:appId/publish/dry-run', signedIn, async (c) =>
    c.json(await versions.publishDryRun(c.var.user, c.req.param('appId'))),
  );
  app.post('/api/apps/:appId/publish', signedIn, async (c) => {
    const { versionId } = await readJson(c, PublishRequestSchema);
    return c.json(await versions.publish(c.var.user, c.req.param('appId'), versionId));
  });
  return app;
}
