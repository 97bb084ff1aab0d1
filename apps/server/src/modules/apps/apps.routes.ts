import { Hono, type MiddlewareHandler } from 'hono';
import {
  CreateAppFromDescriptionRequestSchema,
  DuplicateAppRequestSchema,
  ChangeSlugRequestSchema,
  RenameAppRequestSchema,
  SaveAppRequestSchema,
  SaveAppSettingsRequestSchema,
} from '@tessera/contracts/apps';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { AppsService } from './apps.service';

export function appsRoutes({
  apps,
  signedIn,
}: {
  apps: AppsService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.post('/api/apps', signedIn, async (c) =>
    c.json(await apps.save(c.var.user, await readJson(c, SaveAppRequestSchema))),
  );
  app.post('/api/apps/from-description', signedIn, async (c) =>
    c.json(await apps.createFromDescription(c.var.user, await readJson(c, CreateAppFromDescriptionRequestSchema))),
  );
  app.patch('/api/apps/:appId', signedIn, async (c) => {
    const { name } = await readJson(c, RenameAppRequestSchema);
    return c.json(await apps.rename(c.var.user, c.req.param('appId'), name));
  });
  app.post('/api/apps/:appId/slug', signedIn, async (c) => {
    const { slug } = await readJson(c, ChangeSlugRequestSchema);
    return c.json(await apps.changeSlug(c.var.user, c.req.param('appId'), slug));
  });
  app.post('/api/apps/:appId/duplicate', signedIn, async (c) =>
    c.json(await apps.duplicate(c.var.user, c.req.param('appId'), await readJson(c, DuplicateAppRequestSchema))),
  );
  app.delete('/api/apps/:appId', signedIn, async (c) => c.json(await apps.remove(c.var.user, c.req.param('appId'))));
  app.get('/api/apps', signedIn, async (c) => c.json({ apps: await apps.list(c.var.user) }));
  app.get('/api/apps/:appId', signedIn, async (c) => c.json(await apps.get(c.var.user, c.req.param('appId'))));
  app.post('/api/apps/:appId/settings', signedIn, async (c) => {
    const { appSettings } = await readJson(c, SaveAppSettingsRequestSchema);
    return c.json(await apps.saveSettings(c.var.user, c.req.param('appId'), appSettings));
  });
  return app;
}
