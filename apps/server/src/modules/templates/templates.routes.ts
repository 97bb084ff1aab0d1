import { Hono, type MiddlewareHandler } from 'hono';
import { TEMPLATE_ROUTES } from '@tessera/contracts/templates';
import { routesOn } from '../../platform/http/route';
import type { AuthVariables } from '../auth';
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
  const on = routesOn(app);
  on(TEMPLATE_ROUTES.listTemplates, signedIn, async () => templates.list());
  on(TEMPLATE_ROUTES.listCategories, signedIn, async ({ c }) => templates.listCategories(c.var.user));
  on(TEMPLATE_ROUTES.addCategory, signedIn, async ({ c, body }) => {
    const { name } = await body();
    return templates.addCategory(c.var.user, name);
  });
  on(TEMPLATE_ROUTES.useTemplate, signedIn, async ({ c, params, body }) => {
    const { requestKey } = await body();
    return templates.use(c.var.user, params.templateId, requestKey);
  });
  on(TEMPLATE_ROUTES.getAppTemplate, signedIn, async ({ c, params }) =>
    templates.getAppTemplate(c.var.user, params.appId),
  );
  on(TEMPLATE_ROUTES.saveAppTemplate, signedIn, async ({ c, params, body }) =>
    templates.saveAppTemplate(c.var.user, params.appId, await body()),
  );
  return app;
}
