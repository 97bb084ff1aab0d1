import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP_MESSAGES } from '@tessera/contracts';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import {
  confirmMailedCode,
  createUser,
  E2E_ADMINS,
  mailLink,
  PASSWORD,
  SIGNUP_CONTACTS,
  type TestUser,
  uniqueEmail,
  useSessionOf,
} from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

/** A small generated app as the assistant would write it: entity SDK, router, icons, Tailwind. */
function genApp(title: string) {
  return {
    name: 'Errand List',
    mainPage: 'Tasks',
    entities: {
      Task: {
        type: 'object',
        properties: { title: { type: 'string' }, done: { type: 'boolean', default: false } },
        required: ['title'],
        'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
      },
    },
    layout: `import { Link } from 'react-router-dom';
import { createPageUrl } from '@/utils';
export default function Layout({ children, currentPageName }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
        <span className="font-semibold text-primary">${title}</span>
        <nav className="flex gap-4 text-sm">
          <Link to={createPageUrl('Tasks')} className={currentPageName === 'Tasks' ? 'font-bold' : ''}>Tasks</Link>
          <Link to={createPageUrl('About')} className={currentPageName === 'About' ? 'font-bold' : ''}>About</Link>
        </nav>
      </header>
      <main className="mx-auto max-w-2xl p-4">{children}</main>
    </div>
  );
}`,
    pages: {
      Tasks: `import { useEffect, useState } from 'react';
import { Task } from '@/entities/Task';
import { User } from '@/entities/User';
import TaskRow from '@/components/TaskRow';
export default function Tasks() {
  const [tasks, setTasks] = useState([]);
  const [me, setMe] = useState(null);
  const [error, setError] = useState(null);
  const [title, setTitle] = useState('');
  async function load() {
    try {
      setMe(await User.me());
      setTasks(await Task.list('-createdAt'));
      setError(null);
    } catch (err) {
      setError(err.message);
    }
  }
  useEffect(() => { load(); }, []);
  async function add(event) {
    event.preventDefault();
    await Task.create({ title });
    setTitle('');
    await load();
  }
  return (
    <section className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">My errands</h1>
        {me ? (
          <span className="text-sm text-slate-600">{me.email} <button className="ml-2 underline" onClick={() => User.logout()}>Log out</button></span>
        ) : (
          <button className="rounded-md bg-primary px-3 py-1.5 text-sm text-white" onClick={() => User.login()}>Log in</button>
        )}
      </div>
      {error && <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{error}</p>}
      {me && (
        <form onSubmit={add} className="flex gap-2">
          <input aria-label="New errand" value={title} onChange={(e) => setTitle(e.target.value)} className="flex-1 rounded-md border border-slate-300 px-3 py-2" />
          <button type="submit" className="rounded-md bg-primary px-4 py-2 text-white">Add</button>
        </form>
      )}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {tasks.map((t) => <TaskRow key={t.id} task={t} />)}
      </ul>
    </section>
  );
}`,
      About: `import { Info } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
export default function About() {
  const [params] = useSearchParams();
  if (params.get('boom')) throw new Error('Boom from About');
  return <p className="flex items-center gap-2"><Info className="h-4 w-4" /> Errands, kept per person.</p>;
}`,
    },
    components: {
      TaskRow: `export default function TaskRow({ task }) {
  return <li className="px-3 py-2">{task.title}</li>;
}`,
    },
    globalsCss: '@import "tailwindcss";\n@theme { --color-primary: #4338ca; }\n',
  };
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SHOTS_DIR, `runtime-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function createPublishedApp(request: APIRequestContext, builder: TestUser) {
  const headers = { authorization: `Bearer ${builder.token}` };
  const created = await request.post('/api/apps', {
    headers,
    data: { appType: 'generated', genApp: genApp('Errands') },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };
  const published = await request.post(`/api/apps/${appId}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  const { versionId: publishedVersionId } = (await published.json()) as { versionId: string };
  // App settings of generated apps are for admins and the MOON plan; sign-up needs its contacts.
  const settings = await request.post(`/api/apps/${appId}/settings`, {
    headers,
    data: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  return { appId, slug, headers, publishedVersionId };
}

/** What a visitor who is not signed in sees instead of a page whose data needs a signed-in user. */
const signInPrompt = (page: Page) => page.getByRole('region', { name: RUNTIME_MESSAGES.signInToSee });

async function signUpOnAppHost(page: Page, request: APIRequestContext, email: string) {
  await signInPrompt(page).getByRole('link', { name: RUNTIME_MESSAGES.signIn }).click();
  await expect(page).toHaveURL(/\/apps\/[^/]+\/login\?nextUrl=/);
  await expect(page.getByRole('heading', { name: RUNTIME_MESSAGES.signIn })).toBeVisible();
  await page.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await page.getByLabel(RUNTIME_MESSAGES.fullName).fill('Errand Runner');
  await page.getByLabel(RUNTIME_MESSAGES.email).fill(email);
  await page.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await page.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(page, request, email);
  await expect(page.getByRole('heading', { name: 'My errands' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
}

test('a published app runs on its own host: pages, entity SDK, end users, and no way to the builder', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const builder = await createUser(request, { email: E2E_ADMINS.runtime });
  const { appId, slug } = await createPublishedApp(request, builder);
  const port = new URL(baseURL!).port;
  const origin = `http://${slug}.apps.localhost:${port}`;
  // The builder is signed in in this browser, as they would be while trying their app.
  await useSessionOf(context, baseURL!, builder);

  await page.goto(`${origin}/`);
  await expect(page).toHaveURL(`${origin}/app/${slug}/`);
  await expect(page).toHaveTitle('Errand List');
  // Creator-only data: an anonymous visitor is asked to sign in (never an error), whatever the
  // builder's session; the app's own layout stays around the prompt.
  await expect(signInPrompt(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'About' })).toBeVisible();
  await shoot(page, 'anonymous');

  // The end user signs up on the app's host and comes back to the page.
  const ada = uniqueEmail('ada');
  await signInPrompt(page).getByRole('link', { name: RUNTIME_MESSAGES.signIn }).click();
  await expect(page).toHaveURL(new RegExp(`${origin}/apps/${appId}/login\\?nextUrl=`));
  await shoot(page, 'login');
  await page.goBack();
  await signUpOnAppHost(page, request, ada);
  // Tailwind compiled on the server, with the app's theme colour.
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCSS('background-color', 'rgb(67, 56, 202)');
  await page.getByLabel('New errand').fill('Buy stamps');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Buy stamps' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Buy stamps' })).toBeVisible();
  await shoot(page, 'tasks');

  // Page routing: case-insensitive, hyphens ignored, unknown pages fall back to the main page.
  await page.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(`${origin}/app/${slug}/about/`);
  await expect(page.getByText('Errands, kept per person.')).toBeVisible();
  await page.goto(`${origin}/app/${slug}/A-B-O-U-T/`);
  await expect(page.getByText('Errands, kept per person.')).toBeVisible();
  await page.goto(`${origin}/app/${slug}/no-such-page/`);
  await expect(page.getByRole('heading', { name: 'My errands' })).toBeVisible();

  // Isolation: the builder's session is out of reach of the app's code (a page of its own: the
  // refused cross-origin call logs a console error by design).
  const probePage = await context.newPage();
  await probePage.goto(`${origin}/app/${slug}/about/`);
  await expect(probePage.getByText('Errands, kept per person.')).toBeVisible();
  const probe = await probePage.evaluate(async (builderOrigin) => {
    const own = await fetch('/api/apps');
    let crossOrigin: string;
    try {
      const res = await fetch(`${builderOrigin}/api/apps`, { credentials: 'include' });
      crossOrigin = `status ${res.status}`;
    } catch {
      crossOrigin = 'blocked';
    }
    return { cookie: document.cookie, storage: Object.keys(localStorage), ownApi: own.status, crossOrigin };
  }, new URL(baseURL!).origin);
  expect(probe.cookie).not.toContain('tessera_token');
  expect(probe.storage).toEqual(['tessera.appUserToken']);
  expect(probe.ownApi).toBe(404);
  expect(probe.crossOrigin).toBe('blocked');
  await probePage.close();

  // A second end user sees only their own rows.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`${origin}/app/${slug}/`);
  await signUpOnAppHost(otherPage, request, uniqueEmail('bob'));
  await expect(otherPage.getByRole('listitem')).toHaveCount(0);
  await otherPage.getByLabel('New errand').fill('Walk the dog');
  await otherPage.getByRole('button', { name: 'Add' }).click();
  await expect(otherPage.getByRole('listitem')).toHaveText(['Walk the dog']);
  await other.close();
  await page.reload();
  await expect(page.getByRole('listitem')).toHaveText(['Buy stamps']);

  // Sign out goes back to anonymous.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(signInPrompt(page)).toBeVisible();

  // A forgotten password: the mailed link opens this app's login page, which sets a new one.
  await signInPrompt(page).getByRole('link', { name: RUNTIME_MESSAGES.signIn }).click();
  await page.getByRole('button', { name: RUNTIME_MESSAGES.forgotPassword }).click();
  await page.getByLabel(RUNTIME_MESSAGES.email).fill(ada);
  await page.getByRole('button', { name: RUNTIME_MESSAGES.sendResetLink }).click();
  await expect(page.getByRole('status')).toHaveText(APP_MESSAGES.resetEmailSent);
  const link = new URL(await mailLink(request, ada, /reset/i));
  expect(link.origin).toBe(origin);
  await page.goto(link.href);
  await expect(page.getByRole('heading', { name: RUNTIME_MESSAGES.choosePassword })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await page.getByLabel(RUNTIME_MESSAGES.newPassword).fill(`${PASSWORD}-new`);
  await page.getByRole('button', { name: RUNTIME_MESSAGES.savePassword }).click();
  await expect(page.getByRole('listitem')).toHaveText(['Buy stamps']);
});

test('the preview shows the latest version in the builder frame and speaks the frame messages', async ({
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(60_000);
  const builder = await createUser(request, { email: E2E_ADMINS.preview });
  const { appId, slug, headers, publishedVersionId } = await createPublishedApp(request, builder);
  // A second version, not published: end users keep seeing the first.
  const replaced = await request.post('/api/apps', {
    headers,
    data: { appType: 'generated', appId, genApp: genApp('Errands v2') },
  });
  expect(replaced.status()).toBe(200);
  const origin = `http://${slug}.apps.localhost:${new URL(baseURL!).port}`;

  // Errors inside the app are expected here: this page is not watched for console errors.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/app/${slug}/`);
  await expect(page.getByText('Errands', { exact: true })).toBeVisible();

  const { url } = (await (await request.post(`/api/apps/${appId}/preview-url`, { headers, data: {} })).json()) as {
    url: string;
  };
  // The builder's page frames the preview; the runtime talks to the builder's origin only.
  await page.goto(`${baseURL}/healthz`);
  const framedAt = Date.now();
  await page.evaluate((src) => {
    (window as unknown as { frameMessages: unknown[] }).frameMessages = [];
    window.addEventListener('message', (e) =>
      (window as unknown as { frameMessages: unknown[] }).frameMessages.push({ origin: e.origin, data: e.data }),
    );
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.style.width = '800px';
    frame.style.height = '600px';
    document.body.appendChild(frame);
  }, url);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByText('Errands v2', { exact: true })).toBeVisible();
  // Reported, not asserted (timings are for the bench): frame inserted -> first page rendered.
  test.info().annotations.push({ type: 'preview first render (ms)', description: String(Date.now() - framedAt) });
  const messages = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            frameMessages: Array<{ origin: string; data: { type: string } & Record<string, unknown> }>;
          }
        ).frameMessages,
    );
  await expect
    .poll(async () => (await messages()).map((m) => m.data.type))
    .toEqual(expect.arrayContaining(['ready_to_receive_messages', 'app_changed_url']));
  expect((await messages()).every((m) => m.origin === origin)).toBe(true);
  // The preview token left the address bar for the frame's sessionStorage.
  const frameUrl = page.frames().find((f) => f.url().startsWith(origin))!;
  expect(frameUrl.url()).not.toContain('tessera-preview');

  // A crash in a page is caught by its error boundary and reported to the builder.
  await frameUrl.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/app/${slug}/about/?boom=1`);
  await expect(frame.getByText(RUNTIME_MESSAGES.pageError)).toBeVisible();
  await expect
    .poll(async () => (await messages()).find((m) => m.data.type === 'app_error')?.data.error)
    .toMatchObject({ scope: 'page', componentName: 'About', title: expect.stringContaining('Boom from About') });
  await frame.getByRole('button', { name: RUNTIME_MESSAGES.askToFix }).click();
  await expect
    .poll(async () => (await messages()).find((m) => m.data.type === 'send_chat_message')?.data.message)
    .toContain('please help me fix these errors');

  // The builder picks another version: the frame switches in place with the new token.
  const older = (await (
    await request.post(`/api/apps/${appId}/preview-url`, { headers, data: { versionId: publishedVersionId } })
  ).json()) as { url: string };
  const olderToken = new URLSearchParams(new URL(older.url).hash.slice(1)).get('tessera-preview');
  await page.evaluate(
    ({ versionId, token, target }) =>
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ type: 'version_selected', versionId, token }, target),
    { versionId: publishedVersionId, token: olderToken, target: origin },
  );
  await expect(frame.getByText('Errands', { exact: true })).toBeVisible();
  await expect(frame.getByText('Errands v2', { exact: true })).toHaveCount(0);

  // Signing in inside the frame (where the browser refuses it storage) keeps the preview and the session.
  await frame.getByRole('link', { name: 'Tasks' }).click();
  await frame.getByRole('button', { name: 'Log in' }).click();
  await frame.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  const tester = uniqueEmail('tester');
  await frame.getByLabel(RUNTIME_MESSAGES.email).fill(tester);
  await frame.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await frame.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(frame, request, tester);
  await expect(frame.getByText(tester)).toBeVisible();
  await expect(frame.getByText('Errands', { exact: true })).toBeVisible();
  await frame.getByLabel('New errand').fill('Preview errand');
  await frame.getByRole('button', { name: 'Add' }).click();
  await expect(frame.getByRole('listitem')).toHaveText(['Preview errand']);
  expect(
    page
      .frames()
      .find((f) => f.url().startsWith(origin))!
      .url(),
  ).not.toContain('tessera-');

  // An app never published says so on its host.
  const draft = (await (
    await request.post('/api/apps', { headers, data: { appType: 'generated', genApp: genApp('Draft') } })
  ).json()) as { slug: string };
  await page.goto(`http://${draft.slug}.apps.localhost:${new URL(baseURL!).port}/app/${draft.slug}/`);
  await expect(page.getByRole('heading', { name: RUNTIME_MESSAGES.notPublished })).toBeVisible();
  await shoot(page, 'not-published');

  // The published app is unchanged for end users.
  await page.goto(`${origin}/app/${slug}/`);
  await expect(page.getByText('Errands', { exact: true })).toBeVisible();
  await context.close();
});
