import { Hono, type MiddlewareHandler } from 'hono';
import {
  CreateTemplateCategoryRequestSchema,
  SaveAppTemplateRequestSchema,
  UseTemplateRequestSchema,
} from '@tessera/contracts/templates';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { TemplatesService } from './templates.service';

/** The template library's routes (docs/product/templates.md#calls). */
export function templatesRoutes({
  templates,
  signedIn,
}: {
  templates: TemplatesService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/templates', signedIn, async (c) => c.json(await templates.list()));
  app.get('/api/templates/categories', signedIn, async (c) => c.json(await templates.listCategories(c.var.user)));
  app.post('/api/templates/categories', signedIn, async (c) => {
    const { name } = await readJson(c, CreateTemplateCategoryRequestSchema);
    return c.json(await templates.addCategory(c.var.user, name));
  });
  app.post('/api/templates/:templateId/use', signedIn, async (c) => {
    const { requestKey } = await readJson(c, UseTemplateRequestSchema);
    return c.json(await templates.use(c.var.user, c.req.param('templateId'), requestKey));
  });
  app.get('/api/apps/:appId/template', signedIn, async (c) =>
    c.json(await templates.getAppTemplate(c.var.user, c.req.param('appId'))),
  );
  app.post('/api/apps/:appId/template', signedIn, async (c) =>
    c.json(
      await templates.saveAppTemplate(
        c.var.user,
        c.req.param('appId'),
        await readJson(c, SaveAppTemplateRequestSchema),
      ),
    ),
  );
  return app;
}
