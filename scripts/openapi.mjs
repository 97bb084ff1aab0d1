#!/usr/bin/env node
// `npm run openapi` writes docs/openapi.json: the OpenAPI document the server answers at
// /api/openapi.json, built from the contracts' route registry for the default addresses
// (http://localhost:3000, apps on {slug}.apps.localhost). `--check` (a gate of scripts/check.mjs)
// exits 1 when the committed document is not what the registry gives today.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
const { API_ROUTES } = await tsImport('@tessera/contracts/api', import.meta.url);
const { buildOpenApiDocument } = await tsImport('../apps/server/src/modules/openapi/openapi.ts', import.meta.url);
const text = `${JSON.stringify(buildOpenApiDocument(API_ROUTES, { publicUrl: 'http://localhost:3000', appsDomain: 'apps.localhost' }), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {
    // missing: not current
  }
  if (committed !== text) {
    console.error('docs/openapi.json is not current: run `npm run openapi` and commit it.');
    process.exit(1);
  }
} else {
  writeFileSync(FILE, text);
  console.log(`wrote docs/openapi.json (${API_ROUTES.length} routes)`);
}
