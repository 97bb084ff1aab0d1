// Generated apps make no noise: apps the offline builder makes from plain descriptions are opened,
// every page of them, in the builder's editor and preview, as a visitor and as a signed-up end user;
// not one console error, failed request, error answer or request to another host is allowed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { loadReplays } from '@tessera/test-utils';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import {
  confirmMailedCode,
  createUser,
  E2E_ADMINS,
  PASSWORD,
  SIGNUP_CONTACTS,
  uniqueEmail,
  useSessionOf,
} from './support/helpers';
import { EditorPage, HomePage } from './support/pages';

const DESCRIPTIONS = [
  'A task tracker with tasks (title, done, due date, priority: low, medium, high) and projects (name)',
  'A clinic app with doctors (name, specialty), patients (name, email, phone) and appointments linking a patient to a doctor with a date and notes',
  'A shop catalogue of products with a name, a price in euros, a picture and a category: food, drinks, gifts',
];
/** Pages opened per app and role at most (the app's pages, then the links found on them). */
const MAX_PAGES = 24;

/**
 * Everything a page does wrong, as lines: console errors, uncaught errors, failed requests,
 * answers of 400 and above, and requests to another host: an app's page (`ownHost`) asks only its
 * own host; the editor only the builder's and the apps' hosts, and there only the calls of the
 * preview frame count (the builder's own page is not a generated app's). A request the browser
 * itself cancels (ERR_ABORTED: the journey went to the next page, or the editor's chat stream was
 * closed) is not the app's failure.
 */
function watchNoise(
  page: Page,
  where: () => string,
  { builderHost, ownHost }: { builderHost: string; ownHost?: string },
): string[] {
  const noise: string[] = [];
  const add = (line: string) => noise.push(`${where()}: ${line}`);
  const appsHost = `.apps.localhost:${builderHost.split(':')[1]}`;
  const isAppHost = (host: string) => (ownHost ? host === ownHost : host.endsWith(appsHost));
  const counts = (url: string) => ownHost !== undefined || isAppHost(new URL(url).host);
  page.on('console', (m) => {
    if (m.type() === 'error') add(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => add(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    if (counts(r.url()) && error !== 'net::ERR_ABORTED') add(`failed: ${r.method()} ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (counts(r.url()) && r.status() >= 400) add(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    const isAllowed = isAppHost(url.host) || (!ownHost && url.host === builderHost);
    if (/^https?:$/.test(url.protocol) && !isAllowed) add(`other host: ${r.url()}`);
  });
  return noise;
}

/** Waits until the page's app has rendered and its calls are done. */
async function settle(page: Page) {
  await expect(page.locator('#root *').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/**
 * Opens the app's pages by their names, then every link to another page of the app found on them
 * (detail pages with a record's id), each with a fresh load; returns the paths opened.
 */
async function openEveryPage(page: Page, origin: string, slug: string, pages: string[]): Promise<string[]> {
  const base = `/app/${slug}/`;
  const queue = pages.map((p) => `${base}${p.toLowerCase()}/`);
  const seen = new Set<string>();
  while (queue.length && seen.size < MAX_PAGES) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    await page.goto(`${origin}${path}`);
    await settle(page);
    const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const href of links) {
      const url = new URL(href);
      if (url.origin === origin && url.pathname.startsWith(base)) queue.push(`${url.pathname}${url.search}`);
    }
  }
  return [...seen];
}

/** Signs a new end user up on the app's own login page and back to the app. */
async function signUpEndUser(page: Page, request: APIRequestContext, origin: string, appId: string, slug: string) {
  const email = uniqueEmail('quiet-end-user');
  await page.goto(`${origin}/apps/${appId}/login?nextUrl=${encodeURIComponent(`${origin}/app/${slug}/`)}`);
  await page.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await page.getByLabel(RUNTIME_MESSAGES.fullName).fill('Quinn Quiet');
  await page.getByLabel(RUNTIME_MESSAGES.email).fill(email);
  await page.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await page.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(page, request, email);
  await expect(page).toHaveURL(`${origin}/app/${slug}/`);
  await settle(page);
  await expect(page.getByText('Quinn Quiet').first()).toBeVisible();
}

test('apps built from descriptions make no noise for their builder, visitors and end users', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const builder = await createUser(request, { email: E2E_ADMINS.quietApps });
  const headers = { authorization: `Bearer ${builder.token}` };
  const port = new URL(baseURL!).port;
  await useSessionOf(context, baseURL!, builder);
  let where = '';
  const builderHost = new URL(baseURL!).host;
  const noise = watchNoise(page, () => where, { builderHost });
  const opened: string[] = [];

  for (const description of DESCRIPTIONS) {
    // The builder describes the app on /home; the editor builds it and shows it in its preview.
    where = `builder (${description.slice(0, 24)}…)`;
    const home = new HomePage(page);
    await home.goto();
    await home.expectOpen();
    const appId = await home.buildApp(description);
    const editor = new EditorPage(page);
    await editor.waitForReply();
    await expect(editor.preview().locator('#root *').first()).toBeVisible({ timeout: 30_000 });
    // The editor keeps its chat's event stream open: only the preview frame's calls are waited for.
    await page.frame({ url: /\.apps\.localhost:/ })!.waitForLoadState('networkidle');

    const app = (await (await request.get(`/api/apps/${appId}`, { headers })).json()) as { slug: string };
    const origin = `http://${app.slug}.apps.localhost:${port}`;
    const ownHost = new URL(origin).host;
    const published = await request.post(`/api/apps/${appId}/publish`, { headers });
    expect(published.status(), await published.text()).toBe(200);
    const settings = await request.post(`/api/apps/${appId}/settings`, {
      headers,
      data: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const preview = await request.post(`/api/apps/${appId}/preview-url`, { headers, data: {} });
    const { url: previewUrl } = (await preview.json()) as { url: string };

    // The builder's preview, in a tab of its own: its token stays in the tab for the next loads.
    const previewTab = await context.newPage();
    const previewNoise = watchNoise(previewTab, () => where, { builderHost, ownHost });
    where = `preview of ${app.slug}`;
    await previewTab.goto(previewUrl);
    await settle(previewTab);
    const pages = await previewTab.evaluate(
      async (id) => ((await (await fetch(`/runtime/bundle?appId=${id}`)).json()) as { pages: string[] }).pages,
      appId,
    );
    opened.push(...(await openEveryPage(previewTab, origin, app.slug, pages)).map((p) => `preview ${p}`));
    await previewTab.close();

    // A visitor, then a signed-up end user, each in a browser of their own.
    for (const role of ['visitor', 'end user'] as const) {
      const own = await browser.newContext();
      const tab = await own.newPage();
      const tabNoise = watchNoise(tab, () => where, { builderHost, ownHost });
      where = `${role} of ${app.slug}`;
      if (role === 'end user') await signUpEndUser(tab, request, origin, appId, app.slug);
      opened.push(...(await openEveryPage(tab, origin, app.slug, pages)).map((p) => `${role} ${p}`));
      noise.push(...tabNoise);
      await own.close();
    }
    noise.push(...previewNoise);
  }
  test.info().annotations.push({ type: 'pages opened', description: String(opened.length) });
  expect(noise).toEqual([]);
  expect(opened.length).toBeGreaterThan(DESCRIPTIONS.length * 3 * 3);
});

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
// A reply of the replay corpus whose search page stays broken after every repair step: the turn
// keeps the rest and refuses that page; the conversation's next message adds it (fake-model-server.ts).
const REFUSED = loadReplays().find((r) => r.name === '11-gpt-reading-list-refused')!;

test('home marks an app whose last chat turn failed, until a turn goes through', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const builder = await createUser(request, { email: E2E_ADMINS.lastTurnFailed });
  await useSessionOf(context, baseURL!, builder);
  const home = new HomePage(page);
  await home.goto();
  const appId = await home.buildApp('A notes app to jot down ideas');
  const editor = new EditorPage(page);
  await editor.waitForReply();
  const badge = page.getByText('Last change failed');
  const card = page.locator(`a[href="/build/app/${appId}"]`);
  await home.goto();
  await home.expectOpen();
  await expect(card).toBeVisible();
  await expect(badge).toHaveCount(0);

  // Admins choose the model: the recorded one, whose reply keeps a page broken after its repairs.
  await editor.goto(appId);
  await editor.model.selectOption('compatible:fake-coder');
  const refused = await editor.ask(REFUSED.turns[0]!.message);
  await expect(refused.getByRole('alert')).toContainText('Some changes were not applied');
  await home.goto();
  await expect(card).toBeVisible();
  await expect(badge).toBeVisible();
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS_DIR, `home-last-turn-failed-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The next turn goes through: the mark is gone.
  await editor.goto(appId);
  const fixed = await editor.ask(REFUSED.turns[1]!.message);
  await expect(fixed.getByRole('alert')).toHaveCount(0);
  await home.goto();
  await home.expectOpen();
  await expect(card).toBeVisible();
  await expect(badge).toHaveCount(0);
});
