import type { Context, Env, Hono } from 'hono';
import type { ApiRoute, RouteParams, RouteParsedBody } from '@tessera/contracts/api';
import { honoPathOf } from '@tessera/contracts/api';
import { readJson } from './validate';

/** What a route's handler gets: the request, its path parameters by name, and its body checked with the route's schema. */
export interface RouteInput<E extends Env, R extends ApiRoute> {
  c: Context<E>;
  params: RouteParams<R>;
  /** Reads the JSON body and checks it with the route's body schema (a 400 naming the field). */
  body: () => Promise<RouteParsedBody<R>>;
}

/**
 * Registers handlers on `app` at the method and path of contracts registry entries, so a path is
 * written once (`on(TOOL_ROUTES.getTool, ({ c, params }) => …)`); a value a handler returns answers as
 * JSON, a Response answers as it is.
 */
export function routesOn<E extends Env>(app: Hono<E>) {
  return <R extends ApiRoute>(route: R, handler: (input: RouteInput<E, R>) => unknown): void => {
    app.on(route.method.toUpperCase(), honoPathOf(route), async (c) => {
      const body = () => {
        if (!route.body) throw new Error(`${route.method} ${route.path} has no body schema`);
        return readJson(c, route.body) as Promise<RouteParsedBody<R>>;
      };
      const result = await handler({ c, params: c.req.param() as RouteParams<R>, body });
      return result instanceof Response ? result : c.json(result as never);
    });
  };
}
