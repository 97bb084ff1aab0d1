import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { readAnyJson } from '../../platform/http/validate';
import type { AuthVariables } from '../auth/session';
import type { EntitiesService } from './entities.service';

type Vars = { Variables: Partial<AuthVariables> };

/**
 * The entity API at /live_api/apps/{appId}/entities/{name} (spec 3 §7): open to everyone, each
 * call authorised per entity by the service. Bodies of any shape go to the service, which
 * validates them against the entity's schema.
 */
export function entitiesRoutes({ entities, identified }: { entities: EntitiesService; identified: MiddlewareHandler<Vars> }) {
  const app = new Hono<Vars>();
  const base = '/live_api/apps/:appId/entities/:name';
  /** Who is asking, and about which app and entity. */
  const target = (c: Context<Vars>) => [c.var.user, c.req.param('appId')!, c.req.param('name')!] as const;

  app.use(base, identified);
  app.use(`${base}/*`, identified);
  app.get(`${base}/schema`, async (c) => c.json(await entities.schema(c.req.param('appId'), c.req.param('name'))));
  app.get(base, async (c) => c.json(await entities.list(...target(c), c.req.query())));
  app.post(`${base}/bulk`, async (c) => c.json(await entities.bulkCreate(...target(c), await readAnyJson(c))));
  app.post(base, async (c) => c.json(await entities.create(...target(c), await readAnyJson(c))));
  app.delete(base, async (c) => c.json(await entities.deleteMany(...target(c), c.req.query('q'))));
  app.get(`${base}/:id`, async (c) => c.json(await entities.get(...target(c), c.req.param('id'))));
  app.put(`${base}/:id`, async (c) => c.json(await entities.update(...target(c), c.req.param('id'), await readAnyJson(c))));
  app.delete(`${base}/:id`, async (c) => c.json(await entities.delete(...target(c), c.req.param('id'))));
  return app;
}
