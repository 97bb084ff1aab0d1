import { join } from 'node:path';
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
import { EditorPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

// The same journey as editor.spec.ts, answered by an OpenAI-compatible server on loopback that
// streams a recorded answer (support/fake-model-server.ts) through the real @ai-sdk/openai-compatible
// client; then the published app on its own host, used by an end user who signs up and adds a task.
test('an admin builds with an OpenAI-compatible model, publishes, and an end user adds a task on the app host', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser(request, { email: E2E_ADMINS.model, name: 'Model Admin' });
  await useSessionOf(context, baseURL!, admin);
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/apps', {
    headers,
    data: { appType: 'generated', appBuilderVersion: 4, genApp: { name: 'Recorded' } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };

  const editor = new EditorPage(page);
  await editor.goto(appId);
  await expect(editor.model).toBeVisible();
  await editor.model.selectOption('compatible:fake-coder');
  const answer = await editor.ask('Build a task tracker');
  await expect(answer.getByText('Answered by fake-coder')).toBeVisible();
  await expect(answer.getByText('pages/Tasks.jsx')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Versions, showing Version 2$/ })).toBeVisible();
  // The app took its name from the answer's app.json, and the preview renders its page.
  await expect(page.getByRole('heading', { name: 'Recorded Tracker', level: 1 })).toBeVisible();
  await expect(editor.preview().getByRole('heading', { name: 'Tasks' })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: join(SHOTS_DIR, 'chat-model-server-1280.png') });

  // Publish, then open sign-up on the app (an app setting once it is published).
  await page.getByRole('button', { name: 'Publish' }).click();
  const address = page.getByRole('dialog', { name: 'Your app is live' }).getByLabel('App address');
  await expect(address).toHaveValue(new RegExp(`^http://${slug}\\.apps\\.localhost:\\d+/app/${slug}/$`));
  const appUrl = await address.inputValue();
  const settings = await request.post(`/api/apps/${appId}/settings`, {
    headers,
    data: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  // An end user in a browser of their own: sign up on the app's login page, then add a task.
  const endUser = await browser.newContext();
  const app = await endUser.newPage();
  const origin = new URL(appUrl).origin;
  // Saving the settings made the app host forget its cached copy: sign-up is offered at once.
  await app.goto(`${origin}/apps/${appId}/login?nextUrl=${encodeURIComponent(`/app/${slug}/tasks/`)}`);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  const email = uniqueEmail('end-user');
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(email);
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(app, request, email);
  await expect(app).toHaveURL(`${origin}/app/${slug}/tasks/`);
  await expect(app.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await app.getByLabel('Title').fill('Water the plants');
  await app.getByRole('button', { name: 'Add' }).click();
  await expect(app.getByRole('listitem').filter({ hasText: 'Water the plants' })).toBeVisible();
  await app.reload();
  await expect(app.getByRole('listitem').filter({ hasText: 'Water the plants' })).toBeVisible();
  await app.screenshot({ path: join(SHOTS_DIR, 'chat-model-server-end-user-1280.png') });

  // The builder sees the end user's row in the Database panel.
  const rows = await request.get(`/live_api/apps/${appId}/entities/Task`, { headers });
  expect(((await rows.json()) as Array<{ title: string }>).map((r) => r.title)).toContain('Water the plants');
  await endUser.close();
});
