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
import { config } from './config.js';
import { Login } from './login.jsx';

const pageModules = import.meta.glob('../app/pages/*.{jsx,js,tsx,ts}', { eager: true });
const layoutModules = import.meta.glob('../app/layout.{jsx,js,tsx,ts}', { eager: true });
const pages = Object.fromEntries(
  Object.entries(pageModules).map(([path, mod]) => [path.replace(/^.*\\/|\\.\\w+$/g, ''), mod.default]),
);
const Layout = Object.values(layoutModules)[0]?.default ?? null;
const normal = (name) => name.toLowerCase().replace(/-/g, '');

/**
 * The page of the first path segment (case and hyphens ignored), else the main page, else the first;
 * /login is the end users' sign-in unless the app has a page of that name.
 */
export function Shell() {
  const { pathname } = useLocation();
  const segment = decodeURIComponent(pathname.split('/').filter(Boolean)[0] ?? '');
  const names = Object.keys(pages);
  const find = (name) => names.find((p) => normal(p) === normal(name));
  if (config.mode === 'server' && normal(segment) === 'login' && !find(segment)) return <Login />;
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

/**
 * The typed entity client: the same calls as Tessera's runtime, against the server with the site
 * key (which names the app; the signed-in end user's token says who is calling), or local data.
 */
export const CLIENT = `import { config } from './config.js';
import { localEntity } from './local-store.js';

const SESSION_KEY = \`tessera.\${config.appId}.session\`;
/** The signed-in end user's token, kept in this site's localStorage. */
const sessionToken = () => localStorage.getItem(SESSION_KEY);
const setSessionToken = (token: string | null) =>
  token ? localStorage.setItem(SESSION_KEY, token) : localStorage.removeItem(SESSION_KEY);

/** The sign-in page, coming back to \`nextUrl\` (default: here). */
export function login(nextUrl = location.pathname + location.search): void {
  location.assign(\`/login?nextUrl=\${encodeURIComponent(nextUrl)}\`);
}

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

/**
 * One call to the app's API on Tessera with the site key, and the end user's token when signed in;
 * never with cookies. The access rules decide: a 401 on the records sends the visitor to sign in.
 */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-tessera-app-key': config.appKey };
  const token = sessionToken();
  if (token) headers.authorization = \`Bearer \${token}\`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(\`\${config.apiUrl}/live_api/apps/\${encodeURIComponent(config.appId)}/\${path}\`, {
    method,
    headers,
    credentials: 'omit',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const data = text ? JSON.parse(text) : null;
  if (res.status === 401 && path.startsWith('entities/') && !path.startsWith('entities/User/me')) {
    setSessionToken(null);
    login();
  }
  if (!res.ok) throw new Error(data?.error?.message ?? \`Request failed (\${res.status})\`);
  return data as T;
}
const request = <T>(method: string, path: string, body?: unknown) => call<T>(method, \`entities/\${path}\`, body);

/** Signs an end user of the app in with e-mail and password (their account on Tessera). */
export async function signIn(email: string, password: string): Promise<void> {
  const session = await call<{ token: string }>('POST', 'auth/sign-in', { email, password });
  setSessionToken(session.token);
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

/** The signed-in end user, or null (a lapsed session is forgotten). */
async function me(): Promise<EntityRecord | null> {
  if (!sessionToken()) return null;
  try {
    return await request<EntityRecord>('GET', 'User/me');
  } catch {
    setSessionToken(null);
    return null;
  }
}

/** Ends the session on Tessera, forgets the token and reloads the page as a visitor. */
async function logout(): Promise<void> {
  if (sessionToken()) await call('POST', 'auth/sign-out').catch(() => undefined);
  setSessionToken(null);
  location.reload();
}

/** The client of one entity; User also answers for the signed-in end user (none with local data). */
export function entity(name: string) {
  const client: EntityClient = config.mode === 'local' ? localEntity(name) : serverEntity(name);
  if (name !== 'User') return client;
  if (config.mode === 'local')
    return {
      ...client,
      me: async () => null,
      updateMe: async () => {
        throw new Error('There is no signed-in user in an exported app with its own data');
      },
      login: () => undefined,
      logout: async () => undefined,
    };
  return {
    ...client,
    me,
    updateMe: (data: Record<string, unknown>) => request<EntityRecord>('PUT', 'User/me', data),
    login,
    logout,
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

/** The end users' sign-in page of a project with its data on Tessera (the shell serves it at /login). */
export const LOGIN = `import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { signIn } from './client';
import { config } from './config.js';
import { look } from './look.js';

/** Only a path on this site is followed after sign-in (no open redirect through this page). */
const localPath = (next) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

export function Login() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await signIn(email, password);
      location.assign(localPath(params.get('nextUrl')));
    } catch (err) {
      setError(err.message);
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 p-4">
      <form onSubmit={submit} aria-label="Sign in" className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow">
        <h1 className="text-xl font-semibold">Sign in to {look.header}</h1>
        <label className="block space-y-1 text-sm">
          <span>E-mail</span>
          <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" className="w-full rounded-lg border px-3 py-2" />
        </label>
        <label className="block space-y-1 text-sm">
          <span>Password</span>
          <input type="password" required value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" className="w-full rounded-lg border px-3 py-2" />
        </label>
        {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-zinc-900 px-3 py-2 text-sm font-medium text-white disabled:opacity-60">
          Sign in
        </button>
        <p className="text-sm text-zinc-600">
          No account yet? <a href={config.signUpUrl} className="underline">Sign up on the app’s Tessera page</a>, then sign in here.
        </p>
      </form>
    </main>
  );
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
