/**
 * The fixed files of an exported project (docs/product/export.md#the-project): the Vite config that
 * maps the imports generated code uses onto the shim in `src/tessera/`, the page shell, and the
 * entity client for both data modes. They run in the builder's browser, not here.
 */

export const VITE_CONFIG = `import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = (path) => fileURLToPath(new URL(\`./src/\${path}\`, import.meta.url));

// The imports Tessera provides to generated code, mapped onto src/tessera/ (README.md).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@\\/entities\\/([A-Za-z][A-Za-z0-9_]*)(?:\\.js|\\.json)?$/, replacement: src('tessera/entities/$1.js') },
      { find: /^@\\/integrations\\/Core(?:\\.js)?$/, replacement: src('tessera/integrations.js') },
      { find: /^@\\/utils(?:\\/index|\\.js)?$/, replacement: src('tessera/utils.js') },
      { find: /^@\\//, replacement: src('app/') },
      { find: /^react-router-dom$/, replacement: 'react-router' },
    ],
  },
});
`;

export const SHELL = `import { useLocation } from 'react-router';
import manifest from '../app/app.json';

const pageModules = import.meta.glob('../app/pages/*.{jsx,js,tsx,ts}', { eager: true });
const layoutModules = import.meta.glob('../app/layout.{jsx,js,tsx,ts}', { eager: true });
const pages = Object.fromEntries(
  Object.entries(pageModules).map(([path, mod]) => [path.replace(/^.*\\/|\\.\\w+$/g, ''), mod.default]),
);
const Layout = Object.values(layoutModules)[0]?.default ?? null;
const normal = (name) => name.toLowerCase().replace(/-/g, '');

/** The page of the first path segment (case and hyphens ignored), else the main page, else the first. */
export function Shell() {
  const { pathname } = useLocation();
  const segment = decodeURIComponent(pathname.split('/').filter(Boolean)[0] ?? '');
  const names = Object.keys(pages);
  const find = (name) => names.find((p) => normal(p) === normal(name));
  const name = (segment && find(segment)) || (manifest.mainPage && find(manifest.mainPage)) || names[0] || '';
  const Page = pages[name];
  const page = Page ? <Page /> : <p>This app has no pages yet.</p>;
  return Layout ? <Layout currentPageName={name}>{page}</Layout> : page;
}
`;

export const MAIN = (stylesheet: string) => `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '${stylesheet}';
import './tessera/theme.css';
import { Shell } from './tessera/shell.jsx';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  </StrictMode>,
);
`;

/** The typed entity client: the same calls as Tessera's runtime, against the server with the app key, or local data. */
export const CLIENT = `import { config } from './config.js';
import { localEntity } from './local-store.js';

export type EntityRecord = { id: string; createdAt: string; creatorId: string | null; [field: string]: unknown };
export type Query = Record<string, unknown>;

export interface EntityClient {
  list(sort?: string, limit?: number, skip?: number): Promise<EntityRecord[]>;
  filter(query: Query, sort?: string, limit?: number, skip?: number): Promise<EntityRecord[]>;
  get(id: string): Promise<EntityRecord>;
  create(data: Record<string, unknown>): Promise<EntityRecord>;
  update(id: string, data: Record<string, unknown>): Promise<EntityRecord>;
  delete(id: string): Promise<unknown>;
  deleteMany(query: Query): Promise<{ deleted: number }>;
  bulkCreate(rows: Array<Record<string, unknown>>): Promise<EntityRecord[]>;
  schema(): Promise<unknown>;
}

/** One call to Tessera's entity API with the app key in its header; never with cookies. */
async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-tessera-app-key': config.appKey };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(\`\${config.apiUrl}/live_api/apps/\${encodeURIComponent(config.appId)}/entities/\${path}\`, {
    method,
    headers,
    credentials: 'omit',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (!res.ok) throw new Error(data?.error?.message ?? \`Request failed (\${res.status})\`);
  return data as T;
}

function listQuery(q: Query | undefined, sort = '-createdAt', limit?: number, skip?: number): string {
  const search = new URLSearchParams();
  if (q !== undefined) search.set('q', JSON.stringify(q));
  search.set('sort', sort);
  if (limit !== undefined) search.set('limit', String(limit));
  if (skip !== undefined) search.set('skip', String(skip));
  return \`?\${search}\`;
}

function serverEntity(name: string): EntityClient {
  const base = encodeURIComponent(name);
  const one = (id: string) => \`\${base}/\${encodeURIComponent(id)}\`;
  return {
    list: (sort, limit, skip) => request('GET', base + listQuery(undefined, sort, limit, skip)),
    filter: (query, sort, limit, skip) => request('GET', base + listQuery(query ?? {}, sort, limit, skip)),
    get: (id) => request('GET', one(id)),
    create: (data) => request('POST', base, data),
    update: (id, data) => request('PUT', one(id), data),
    delete: (id) => request('DELETE', one(id)),
    deleteMany: (query) => request('DELETE', \`\${base}?q=\${encodeURIComponent(JSON.stringify(query ?? {}))}\`),
    bulkCreate: (rows) => request('POST', \`\${base}/bulk\`, rows),
    schema: () => request('GET', \`\${base}/schema\`),
  };
}

/** The client of one entity; User also answers for the signed-in user, and there is none outside Tessera. */
export function entity(name: string) {
  const client: EntityClient = config.mode === 'local' ? localEntity(name) : serverEntity(name);
  if (name !== 'User') return client;
  return {
    ...client,
    me: async () => null,
    updateMe: async () => {
      throw new Error('There is no signed-in user in the exported app');
    },
    login: () => undefined,
    logout: async () => undefined,
  };
}
`;

/** The local data mode: every entity's records in localStorage, seeded once from seed.json. */
export const LOCAL_STORE = `import seed from './seed.json';
import { config } from './config.js';

const schemas = import.meta.glob('/entities/*.json', { eager: true, import: 'default' });
const storeKey = (name) => \`tessera.\${config.appId}.\${name}\`;

function load(name) {
  const saved = localStorage.getItem(storeKey(name));
  if (saved) return JSON.parse(saved);
  const rows = seed[name] ?? [];
  localStorage.setItem(storeKey(name), JSON.stringify(rows));
  return rows;
}
const save = (name, rows) => localStorage.setItem(storeKey(name), JSON.stringify(rows));

/** The entity API's q, for the operators generated code uses most. */
function matches(row, query = {}) {
  return Object.entries(query).every(([field, want]) => {
    const value = row[field];
    if (want === null || typeof want !== 'object' || Array.isArray(want)) return value === want;
    return Object.entries(want).every(([op, arg]) => {
      if (op === '$eq') return value === arg;
      if (op === '$ne') return value !== arg;
      if (op === '$lt') return value < arg;
      if (op === '$lte') return value <= arg;
      if (op === '$gt') return value > arg;
      if (op === '$gte') return value >= arg;
      if (op === '$in') return arg.includes(value);
      if (op === '$nin') return !arg.includes(value);
      return true;
    });
  });
}

function sorted(rows, sort = '-createdAt') {
  const desc = sort.startsWith('-');
  const field = desc ? sort.slice(1) : sort;
  return [...rows].sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (desc ? -1 : 1));
}

export function localEntity(name) {
  const page = (rows, sort, limit, skip = 0) => {
    const all = sorted(rows, sort).slice(skip);
    return Promise.resolve(limit === undefined ? all : all.slice(0, limit));
  };
  const create = (data) => {
    const now = new Date().toISOString();
    const row = { ...data, id: crypto.randomUUID(), createdAt: now, updatedAt: now, creatorId: null };
    save(name, [...load(name), row]);
    return row;
  };
  return {
    list: (sort, limit, skip) => page(load(name), sort, limit, skip),
    filter: (query, sort, limit, skip) => page(load(name).filter((r) => matches(r, query)), sort, limit, skip),
    get: async (id) => {
      const row = load(name).find((r) => r.id === id);
      if (!row) throw new Error('Record not found');
      return row;
    },
    create: async (data) => create(data),
    update: async (id, data) => {
      const rows = load(name).map((r) => (r.id === id ? { ...r, ...data, id, updatedAt: new Date().toISOString() } : r));
      save(name, rows);
      return rows.find((r) => r.id === id);
    },
    delete: async (id) => {
      save(name, load(name).filter((r) => r.id !== id));
      return { status: true };
    },
    deleteMany: async (query) => {
      const rows = load(name);
      const kept = rows.filter((r) => !matches(r, query));
      save(name, kept);
      return { deleted: rows.length - kept.length };
    },
    bulkCreate: async (rows) => rows.map(create),
    schema: async () => schemas[\`/entities/\${name}.json\`] ?? null,
  };
}
`;

export const INTEGRATIONS = `const unavailable = (name) => async () => {
  throw new Error(\`\${name} runs on Tessera's app host: it is not available in the exported app\`);
};

export const UploadFile = unavailable('UploadFile');
export const InvokeLLM = unavailable('InvokeLLM');
export const SendEmail = unavailable('SendEmail');
export const ExtractDataFromUploadedFile = unavailable('ExtractDataFromUploadedFile');
export const GenerateImage = unavailable('GenerateImage');
export const RunTool = unavailable('RunTool');
export default { UploadFile, InvokeLLM, SendEmail, ExtractDataFromUploadedFile, GenerateImage, RunTool };
`;

export const UTILS = `import { look } from './look.js';

/** createPageUrl('TaskDetail?id=1') -> '/taskdetail/?id=1' */
export function createPageUrl(target) {
  const [name = '', ...query] = target.split('?');
  const [page = '', hash] = name.split('#');
  const segment = page.trim().replace(/^\\/+|\\/+$/g, '').toLowerCase();
  const path = segment ? \`/\${encodeURI(segment)}/\` : '/';
  return path + (query.length ? \`?\${query.join('?')}\` : '') + (hash ? \`#\${hash}\` : '');
}

/** The app's texts and logo as they were when it was exported. */
export const useAppLook = () => look;
`;

export const GITIGNORE = 'node_modules\ndist\n';
