import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { ApiRoute, RouteParams, RouteParsedBody } from '@tessera/contracts/api';
import { honoPathOf } from '@tessera/contracts/api';
import { AppError } from '../errors';
import { readJson } from './validate';

type ParsedQuery<R extends ApiRoute> = R extends { query: infer Q extends z.ZodType } ? z.output<Q> : never;

/** What a route's handler gets: the request, its path parameters by name, and readers of its body and query. */
export interface RouteInput<E extends Env, R extends ApiRoute> {
  c: Context<E>;
  params: RouteParams<R>;
  /** Reads the JSON body and checks it with the route's body schema (a 400 naming the field). */
  body: () => Promise<RouteParsedBody<R>>;
  /** The query string checked with the route's query schema (a 400 with the first issue's message). */
  query: () => ParsedQuery<R>;
}
type Handler<E extends Env, R extends ApiRoute> = (input: RouteInput<E, R>) => unknown;

/**
 * Registers handlers on `app` at the method and path of contracts registry entries, so a path is
 * written once: `on(TOOL_ROUTES.getTool, ({ c, params }) => …)`, or `on(route, signedIn, handler)` with
 * middleware before it. A value a handler returns answers as JSON, a Response answers as it is.
 */
export function routesOn<E extends Env>(app: Hono<E>) {
  return <R extends ApiRoute>(route: R, ...rest: [...MiddlewareHandler<E>[], Handler<E, R>]): void => {
    const handler = rest[rest.length - 1] as Handler<E, R>;
    const [method, path] = [route.method.toUpperCase(), honoPathOf(route)];
    // Hono keeps one entry per handler either way: `app.get(path, mw, h)` is `mw` then `h` at that path.
    for (const middleware of rest.slice(0, -1) as MiddlewareHandler<E>[]) app.on(method, path, middleware);
    app.on(method, path, async (c: Context<E>) => {
      const body = () => {
        if (!route.body) throw new Error(`${route.method} ${route.path} has no body schema`);
        return readJson(c, route.body) as Promise<RouteParsedBody<R>>;
      };
      const query = () => {
        if (!route.query) throw new Error(`${route.method} ${route.path} has no query schema`);
        const parsed = route.query.safeParse(c.req.query());
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]!.message);
        return parsed.data as ParsedQuery<R>;
      };
      const result = await handler({ c, params: c.req.param() as RouteParams<R>, body, query });
      return result instanceof Response ? result : c.json(result as never);
    });
  };
}
