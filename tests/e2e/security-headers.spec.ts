import type { BrowserContext, Frame, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';

/** A page of another origin (served by the browser's router, no server) that frames `src`. */
async function framerOf(context: BrowserContext, src: string): Promise<{ page: Page; frame: () => Frame | undefined }> {
  // Its own page: the refused frame logs a console error there, by design.
  const page = await context.newPage();
  await page.route('http://framer.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe src="${src}" title="framed"></iframe>` }),
  );
  await page.goto('http://framer.test/');
  return { page, frame: () => page.frames().find((f) => f !== page.mainFrame()) };
}

/** The CSP of a response as directive -> value. */
function cspOf(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    (headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
}

test('the builder cannot be framed by another origin, app hosts only by the builder, and the preview still renders', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const builderOrigin = new URL(baseURL!).origin;
  const port = new URL(baseURL!).port;
  const user = await createUser(request, { tag: 'headers', name: 'Headers Check' });
  await useSessionOf(context, baseURL!, user);
  const created = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      appType: 'generated',
      genApp: {
        name: 'Framed notes',
        pages: { Home: 'export default function Home() { return <h1>Shown in the preview</h1>; }' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };

  // The builder's page and its API: own scripts, never framed, app hosts allowed in frames.
  const home = await page.goto('/');
  for (const headers of [home!.headers(), (await request.get('/api/config')).headers()]) {
    const csp = cspOf(headers);
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['frame-src']).toBe(`http://*.apps.localhost:${port}`);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
  }

  // Another origin frames the builder: the browser refuses to show it.
  const framedBuilder = await framerOf(context, `${builderOrigin}/`);
  await expect.poll(() => framedBuilder.frame()?.url()).toMatch(/^chrome-error:/);
  await framedBuilder.page.close();

  // The app's own host: the runtime's policy, framed by the builder's origin only.
  const appOrigin = `http://${slug}.apps.localhost:${port}`;
  // Opened in the browser (Node does not resolve *.localhost), on a page of its own: the app is not
  // published, so its bundle answers 404 there.
  const appPage = await context.newPage();
  const shell = (await appPage.goto(`${appOrigin}/app/${slug}/`))!;
  const shellCsp = cspOf(shell.headers());
  expect(shellCsp['frame-ancestors']).toBe(builderOrigin);
  expect(shellCsp['script-src']).toMatch(/^'self' 'sha256-/);
  expect(shell.headers()['x-content-type-options']).toBe('nosniff');
  await appPage.close();
  const framedApp = await framerOf(context, `${appOrigin}/app/${slug}/`);
  await expect.poll(() => framedApp.frame()?.url()).toMatch(/^chrome-error:/);
  await framedApp.page.close();

  // The editor's preview frame still shows the app, and nothing on the page broke the policy
  // (the fixture fails the test on any console error, CSP reports included).
  await page.goto(`/build/app/${appId}`);
  await expect(page.getByRole('heading', { name: 'Framed notes', level: 1 })).toBeVisible();
  const preview = page.frameLocator('iframe[title="App preview"]');
  await expect(preview.getByRole('heading', { name: 'Shown in the preview' })).toBeVisible({ timeout: 30_000 });
});
