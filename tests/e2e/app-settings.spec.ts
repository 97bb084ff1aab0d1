import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP_MESSAGES } from '@tessera/contracts';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, SIGNUP_CONTACTS, useSessionOf, type TestUser } from './support/helpers';
import { EditorPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS_DIR, `app-settings-${name}.png`) });
}

async function createApp(request: APIRequestContext, builder: TestUser, name: string) {
  const headers = { authorization: `Bearer ${builder.token}` };
  const created = await request.post('/api/apps', {
    headers,
    data: {
      appType: 'generated',
      genApp: { name, pages: { Home: 'export default function Home() { return <h1>Members</h1>; }' } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { ...((await created.json()) as { appId: string; slug: string }), headers };
}

// docs/product/editor-and-chat.md#data: an admin opens sign-up from the App settings panel once the app is published,
// with the three contacts it needs, and the app's own login page offers sign-up at once.
test('an admin turns sign-up on in App settings after publishing, and the app host offers it at once', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await createUser(request, { email: E2E_ADMINS.settings, name: 'Settings Admin' });
  await useSessionOf(context, baseURL!, admin);
  const { appId, slug, headers } = await createApp(request, admin, 'Members Club');

  const editor = new EditorPage(page);
  await editor.goto(appId);
  await editor.menuEntry(/App settings/).click();
  await expect(page).toHaveURL(/[?&]panel=settings/);
  const panel = editor.panel;
  await expect(panel.getByRole('heading', { name: 'App settings' })).toBeVisible();
  const signup = panel.getByRole('switch', { name: 'Let users sign up' });
  // Unpublished and off: the toggle waits for a publish, and says so.
  await expect(signup).toBeDisabled();
  await expect(panel.getByText(APP_MESSAGES.signupNeedsPublish)).toBeVisible();
  const terms = panel.getByLabel('Terms of service link');
  await terms.fill('example.com/terms');
  await terms.blur();
  await expect(panel.getByText('Must be a web address starting with http:// or https://')).toBeVisible();
  await expect(terms).toHaveAttribute('aria-invalid', 'true');
  await terms.fill(SIGNUP_CONTACTS.termsOfServiceLink);
  await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'unpublished-1280');

  // Publishing from the toolbar frees the toggle; turning it on marks the empty contacts in red.
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Your app is live' }).press('Escape');
  await expect(signup).toBeEnabled();
  await signup.click();
  await expect(signup).toBeChecked();
  const privacy = panel.getByLabel('Privacy policy link');
  const support = panel.getByLabel('Support e-mail');
  for (const field of [privacy, support]) await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText(APP_MESSAGES.signupFieldRequired, { exact: true })).toHaveCount(2);
  await shoot(page, 'required-1280');
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Sign-up needs a privacy policy link and a support e-mail')).toBeVisible();
  await expect(privacy).toBeFocused();

  await privacy.fill(SIGNUP_CONTACTS.privacyPolicyLink);
  await support.fill(SIGNUP_CONTACTS.supportEmail);
  // A refusal from the server is shown in its own words and stores nothing: the request is made
  // to leave out the support e-mail on its way (the panel itself never sends that).
  await page.route(`**/api/apps/${appId}/settings`, async (route) => {
    const body = route.request().postDataJSON() as { appSettings: Record<string, unknown> };
    await route.continue({ postData: JSON.stringify({ appSettings: { ...body.appSettings, supportEmail: '' } }) });
  });
  await panel.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(APP_MESSAGES.appSettingsSaveFailed, { exact: true })).toBeVisible();
  await expect(page.getByText('Sign-up needs a support e-mail')).toBeVisible();
  expect(
    ((await (await request.get(`/api/apps/${appId}`, { headers })).json()) as { settings: object }).settings,
  ).toEqual({});
  await page.unroute(`**/api/apps/${appId}/settings`);

  const saveButton = panel.getByRole('button', { name: 'Save changes' });
  await saveButton.click();
  await expect(page.getByText(APP_MESSAGES.appSettingsSaved)).toBeVisible();
  await expect(saveButton).toBeDisabled();
  await shoot(page, 'saved-1280');
  const saved = (await (await request.get(`/api/apps/${appId}`, { headers })).json()) as { settings: object };
  expect(saved.settings).toEqual({ isSignupEnabled: true, isUnconfirmedSignupAllowed: false, ...SIGNUP_CONTACTS });

  // The end users' login page on the app's host offers sign-up straight away (no cache delay).
  const port = new URL(baseURL!).port;
  const endUser = await context.browser()!.newContext();
  const app = await endUser.newPage();
  await app.goto(`http://${slug}.apps.localhost:${port}/apps/${appId}/login`);
  await expect(app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount })).toBeVisible();
  await endUser.close();

  // Reloaded, the panel shows what was saved; Done returns to the menu.
  await page.reload();
  await expect(signup).toBeChecked();
  await expect(support).toHaveValue(SIGNUP_CONTACTS.supportEmail);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page).not.toHaveURL(/panel=settings/);
  await expect(editor.menu).toBeVisible();

  // On a phone the panel takes the editor's place, opened from the menu drawer.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await editor.menuEntry(/App settings/).click();
  const mobilePanel = page.getByRole('main');
  await expect(mobilePanel.getByRole('heading', { name: 'App settings' })).toBeVisible();
  await expect(mobilePanel.getByRole('switch', { name: 'Let users sign up' })).toBeChecked();
  await mobilePanel.getByLabel('Support e-mail').fill('');
  await expect(mobilePanel.getByText(APP_MESSAGES.signupFieldRequired, { exact: true })).toBeVisible();
  await shoot(page, 'required-375');
  await mobilePanel.getByLabel('Support e-mail').fill('team@example.com');
  await mobilePanel.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(APP_MESSAGES.appSettingsSaved)).toBeVisible();
  await shoot(page, 'saved-375');
  await mobilePanel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'App settings' })).toHaveCount(0);
});

test('App settings of a generated app are not offered below the MOON plan (docs/product/editor-and-chat.md#roles-and-permissions)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // Someone else is the install's first account (its admin): this builder is on the lite plan.
  await createUser(request, { tag: 'first-account' });
  const builder = await createUser(request, { tag: 'lite-settings' });
  await useSessionOf(context, baseURL!, builder);
  const { appId, headers } = await createApp(request, builder, 'Lite Club');

  const editor = new EditorPage(page);
  await editor.goto(appId);
  await expect(editor.menuEntry(/Database/)).toBeVisible();
  await expect(editor.menuEntry(/App settings/)).toHaveCount(0);
  // Reached by its address, the panel explains the plan instead of a form; the API refuses too.
  await editor.goto(appId, { panel: 'settings' });
  const panel = editor.panel;
  await expect(panel.getByText(APP_MESSAGES.appSettingsPlanRequired)).toBeVisible();
  await expect(panel.getByRole('switch')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Manage your plan' })).toBeVisible();
  await shoot(page, 'plan-locked-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('main').getByText(APP_MESSAGES.appSettingsPlanRequired)).toBeVisible();
  await shoot(page, 'plan-locked-375');
  const refused = await request.post(`/api/apps/${appId}/settings`, {
    headers,
    data: { appSettings: { isLoginRequired: true } },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    APP_MESSAGES.appSettingsPlanRequired,
  );
});
