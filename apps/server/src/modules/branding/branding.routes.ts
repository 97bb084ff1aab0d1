import { Hono, type MiddlewareHandler } from 'hono';
import { SaveAppStyleRequestSchema, SaveAppTextsRequestSchema } from '@tessera/contracts/apps';
import { readJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth';
import type { BrandingService } from './branding.service';

/** `GET /api/apps/{id}/look`, `POST /api/apps/{id}/style` and `POST /api/apps/{id}/texts`: the app's owner only. */
export function brandingRoutes({
  branding,
  signedIn,
}: {
  branding: BrandingService;
  signedIn: MiddlewareHandler<{ Variables: AuthVariables }>;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/api/apps/:appId/look', signedIn, async (c) =>
    c.json(await branding.getLook(c.var.user, c.req.param('appId'))),
  );
  app.post('/api/apps/:appId/style', signedIn, async (c) => {
    const { appStyle } = await readJson(c, SaveAppStyleRequestSchema);
    return c.json(await branding.saveStyle(c.var.user, c.req.param('appId'), appStyle));
  });
  app.post('/api/apps/:appId/texts', signedIn, async (c) => {
    const { appTexts } = await readJson(c, SaveAppTextsRequestSchema);
    return c.json(await branding.saveTexts(c.var.user, c.req.param('appId'), appTexts));
  });
  return app;
}
