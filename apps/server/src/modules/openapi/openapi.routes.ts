import { Hono } from 'hono';
import { API_ROUTES } from '@tessera/contracts/api';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOptions } from './openapi';

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 description built from the contracts' route registry)
 * and `GET /api/docs` (its reference page: static HTML and CSS, nothing to run). Both are built on
 * first request and kept: the routes do not change while the server runs.
 */
export function openApiRoutes(options: OpenApiOptions) {
  const app = new Hono();
  let built: { doc: OpenApiDocument; json: string; page: string } | null = null;
  const get = () => {
    if (!built) {
      const doc = buildOpenApiDocument(API_ROUTES, options);
      built = { doc, json: JSON.stringify(doc), page: renderDocsPage(doc) };
    }
    return built;
  };
  app.get('/api/openapi.json', (c) => c.body(get().json, 200, { 'content-type': 'application/json; charset=utf-8' }));
  app.get('/api/docs', (c) => c.html(get().page));
  return app;
}
