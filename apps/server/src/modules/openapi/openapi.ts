import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { CONTRACT_EXPORTS } from '@tessera/contracts/all';
import { API_AUTH_LABELS, API_TAGS, responsesOf, type ApiAuth, type ApiRoute } from '@tessera/contracts/api';
import { PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';

/** A JSON Schema or OpenAPI object, as plain JSON. */
type Json = Record<string, unknown>;
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  /** Path items: an operation per method, and `servers` for the routes of app hosts. */
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const SCHEMA_REF = '#/components/schemas/';
/** Input-side names until both sides are known (`resolveInputNames`). */
const INPUT_MARK = '~input';

const SECURITY: Record<ApiAuth, Array<Record<string, string[]>>> = {
  none: [],
  builder: [{ builderBearer: [] }],
  appUser: [{ appUserBearer: [] }, { previewToken: [] }],
  ownerOrAppUser: [{}, { builderBearer: [] }, { appUserBearer: [] }, { previewToken: [] }],
};

/** Contract schemas by their exported name (`ErrorBodySchema` -> `ErrorBody`): shared components keep it. */
function contractNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of CONTRACT_EXPORTS)
    if (value instanceof z.ZodType && !names.has(value)) names.set(value, name.replace(/Schema$/, ''));
  return names;
}

/** `post /api/apps/{appId}/duplicate` -> `postAppsAppIdDuplicate`. */
export function operationIdOf(route: Pick<ApiRoute, 'method' | 'path'>): string {
  const words = route.path
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w && w !== 'api')
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return route.method + words.join('');
}

/** Every `$ref` in a JSON value, rewritten by `rename` (null drops nothing, it keeps the ref). */
function mapRefs(value: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? rename(v) : mapRefs(v, rename)]),
  );
}

/** Converts the registered schemas of one side (request: input, response: output) to components. */
function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output'): Record<string, Json> {
  const suffix = io === 'input' ? INPUT_MARK : '';
  const { schemas } = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `${SCHEMA_REF}${id}${suffix}`,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as Json;
    out[`${id}${suffix}`] = rest;
  }
  return out;
}

/**
 * Request components were converted apart: one the same as its response twin becomes that one, one
 * that differs (defaults make fields optional on input) is `NameInput`, the rest keep their name.
 */
function resolveInputNames(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components.schemas;
  const finalName = (marked: string) => {
    const name = marked.slice(0, -INPUT_MARK.length);
    if (!(name in schemas)) return name;
    const same = isDeepStrictEqual(
      mapRefs(schemas[marked], (ref) => (ref.endsWith(INPUT_MARK) ? ref.slice(0, -INPUT_MARK.length) : ref)),
      schemas[name],
    );
    return same ? name : `${name}Input`;
  };
  const renames = new Map(
    Object.keys(schemas)
      .filter((k) => k.endsWith(INPUT_MARK))
      .map((k) => [k, finalName(k)]),
  );
  const rename = (ref: string) => {
    const target = renames.get(ref.slice(SCHEMA_REF.length));
    return target ? SCHEMA_REF + target : ref;
  };
  const renamed: Record<string, Json> = {};
  for (const [key, schema] of Object.entries(schemas)) {
    const target = renames.get(key) ?? key;
    if (!(target in renamed)) renamed[target] = mapRefs(schema, rename) as Json;
  }
  return mapRefs({ ...doc, components: { ...doc.components, schemas: renamed } }, rename) as OpenApiDocument;
}

/** Drops components no operation reaches (the registries hold whatever the routes touch). */
function pruneUnused(doc: OpenApiDocument): void {
  const used = new Set<string>();
  const visit = (value: unknown) =>
    mapRefs(value, (ref) => {
      const name = ref.slice(SCHEMA_REF.length);
      if (!used.has(name)) {
        used.add(name);
        visit(doc.components.schemas[name]);
      }
      return ref;
    });
  visit(doc.paths);
  for (const name of Object.keys(doc.components.schemas)) if (!used.has(name)) delete doc.components.schemas[name];
}

/** Query parameters from a query schema (flat: every value arrives as text). */
function queryParameters(query: z.ZodObject): Json[] {
  const json = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as Json;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, Json>).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(description ? { description } : {}),
    schema,
  }));
}

export interface OpenApiOptions {
  /** The builder's origin (PUBLIC_URL). */
  publicUrl: string;
  /** App hosts are `{slug}.{appsDomain}` with the scheme and port of `publicUrl`. */
  appsDomain: string;
}

/** The OpenAPI 3.1 document of `routes`, request and response schemas converted from their zod schemas. */
export function buildOpenApiDocument(routes: readonly ApiRoute[], options: OpenApiOptions): OpenApiDocument {
  const named = contractNames();
  const requests = z.registry<{ id: string }>();
  const responses = z.registry<{ id: string }>();
  // Every contract schema is a component candidate, so nested ones become refs; unused ones are pruned.
  for (const [schema, id] of named) {
    requests.add(schema, { id });
    responses.add(schema, { id });
  }
  const refTo = (registry: typeof requests, schema: z.ZodType, fallback: string) => {
    const id = registry.get(schema)?.id ?? fallback;
    if (!registry.has(schema)) registry.add(schema, { id });
    return { $ref: `${SCHEMA_REF}${id}${registry === requests ? INPUT_MARK : ''}` };
  };
  const builder = new URL(options.publicUrl);
  const appHost = { url: `${builder.protocol}//{slug}.${options.appsDomain}${builder.port ? `:${builder.port}` : ''}` };
  const appHostServer = { ...appHost, variables: { slug: { default: 'my-app', description: "The app's slug" } } };

  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    const operationId = operationIdOf(route);
    if (operationIds.has(operationId)) throw new Error(`two routes are ${route.method} ${route.path}`);
    operationIds.add(operationId);
    const name = operationId[0]!.toUpperCase() + operationId.slice(1);
    const item = (paths[route.path] ??= {});
    if (route.host)
      item.servers = route.host === 'both' ? [{ url: options.publicUrl }, appHostServer] : [appHostServer];
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const parameters = [...pathParams, ...(route.query ? queryParameters(route.query) : [])];
    const content = (schema: z.ZodType, fallback: string) => refTo(responses, schema, fallback);
    item[route.method] = {
      operationId,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      'x-auth': API_AUTH_LABELS[route.auth],
      security: SECURITY[route.auth],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: refTo(requests, route.body, `${name}Body`) } },
            },
          }
        : {}),
      ...(route.multipart
        ? {
            requestBody: {
              required: true,
              description: route.multipart,
              content: { 'multipart/form-data': { schema: { type: 'object' } } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(responsesOf(route)).map(([status, spec]) => [
          status,
          {
            description: spec.description,
            ...(spec.schema || spec.contentType
              ? {
                  content: {
                    [spec.contentType ?? 'application/json']: spec.schema
                      ? { schema: content(spec.schema, `${name}Response${status === '200' ? '' : status}`) }
                      : {},
                  },
                }
              : {}),
          },
        ]),
      ),
    };
  }

  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Tessera API',
      version: '1',
      description:
        'The HTTP API of a Tessera server. Errors are `{ "error": { "code", "message", "details" } }` (the `ErrorBody` schema) with a 4xx or 5xx status. Authenticated calls send `Authorization: Bearer <token>`.',
    },
    servers: [{ url: options.publicUrl }],
    tags: Object.entries(API_TAGS).map(([tag, description]) => ({ name: tag, description })),
    paths,
    components: {
      schemas: { ...convert(responses, 'output'), ...convert(requests, 'input') },
      securitySchemes: {
        builderBearer: { type: 'http', scheme: 'bearer', description: 'A builder session token (`set-auth-token`).' },
        appUserBearer: { type: 'http', scheme: 'bearer', description: "An app user's session token (`tsa_…`)." },
        previewToken: {
          type: 'apiKey',
          in: 'header',
          name: PREVIEW_TOKEN_HEADER,
          description: "The owner's signed preview token.",
        },
      },
    },
  };
  pruneUnused(doc);
  return resolveInputNames(doc);
}
