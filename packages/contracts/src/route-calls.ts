import type { z } from 'zod';
import type { ApiRoute } from './api-route';

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** A route's path parameters by name: `/api/apps/{appId}` takes `{ appId: string }`. */
export type RouteParams<R extends Pick<ApiRoute, 'path'>> = { [K in ParamNames<R['path']>]: string };

type SchemaOf<V> = V extends z.ZodType ? V : V extends { schema: infer S extends z.ZodType } ? S : never;
type SuccessOf<R extends ApiRoute> = R['responses'] extends { 200: infer V }
  ? V
  : R['responses'] extends { 201: infer V }
    ? V
    : never;
/** The JSON a route answers on success (200, else 201), as its schema reads it; `unknown` without a schema. */
export type RouteAnswer<R extends ApiRoute> = [SchemaOf<SuccessOf<R>>] extends [never]
  ? unknown
  : z.output<SchemaOf<SuccessOf<R>>>;
/** The JSON body a client sends to a route. */
export type RouteBody<R extends ApiRoute> = R extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** The body a route's handler gets once its schema has checked it. */
export type RouteParsedBody<R extends ApiRoute> = R extends { body: infer B extends z.ZodType } ? z.output<B> : never;

/** The schema a route's success answer is checked with, when it has one. */
export function answerSchemaOf(route: ApiRoute): z.ZodType | undefined {
  const ok = route.responses[200] ?? route.responses[201];
  if (!ok) return undefined;
  return 'safeParse' in ok ? ok : ok.schema;
}

/** A route's address with its parameters filled in (each URL-encoded) and the query, when one is given. */
export function routeUrl<R extends ApiRoute>(
  route: R,
  params: RouteParams<R>,
  query?: Record<string, string> | URLSearchParams,
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name]!),
  );
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** The path in Hono's form: `/api/apps/{appId}` becomes `/api/apps/:appId`. */
export function honoPathOf(route: Pick<ApiRoute, 'path'>): string {
  return route.path.replace(/\{(\w+)\}/g, ':$1');
}
