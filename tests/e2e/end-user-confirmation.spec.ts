import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { APP_CONFIRM_MESSAGES } from '@tessera/contracts/app-users';
import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { expect, test } from './support/fixtures';
import {
  createUser,
  E2E_ADMINS,
  mailedCode,
  PASSWORD,
  SIGNUP_CONTACTS,
  uniqueEmail,
  waitForMail,
} from './support/helpers';
import { EditorPage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

/** An app whose page mails whoever its user names, through Core.SendEmail, and says what happened. */
const MAIL_DESK = {
  name: 'Mail Desk',
  pages: {
    Home: `import { useEffect, useState } from 'react';
import { User } from '@/entities/User';
import { SendEmail } from '@/integrations/Core';
export default function Home() {
  const [me, setMe] = useState(null);
  const [to, setTo] = useState('');
  const [result, setResult] = useState('');
  useEffect(() => { User.me().then((u) => { setMe(u); if (u) setTo(u.email); }); }, []);
  async function send(event) {
    event.preventDefault();
    setResult('');
    try {
      await SendEmail({ to, subject: 'Your desk is ready', body: 'Hello from Mail Desk.' });
      setResult('Sent');
    } catch (err) {
      setResult(err.message);
    }
  }
  return (
    <main className="mx-auto max-w-md space-y-4 p-6">
      <h1 className="text-2xl font-bold">Mail Desk</h1>
      {me ? <p>Signed in as {me.email}</p> : <button onClick={() => User.login()}>Log in</button>}
      <form onSubmit={send} className="space-y-2">
        <label className="block">Recipient <input className="border px-2" value={to} onChange={(e) => setTo(e.target.value)} /></label>
        <button type="submit" className="rounded bg-slate-900 px-3 py-1 text-white">Send a test mail</button>
      </form>
      {result && <p role="status">{result}</p>}
    </main>
  );
}`,
  },
};

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS_DIR, `end-user-confirmation-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The preview's mail form, as the builder uses it (the preview acts as the app's owner). */
async function sendFromPreview(preview: FrameLocator, to: string) {
  await preview.getByLabel('Recipient').fill(to);
  await preview.getByRole('button', { name: 'Send a test mail' }).click();
}

// docs/product/runtime.md#end-user-confirmation: a new end user confirms their address with the code
// mailed at sign-up before they get in, and before the app may e-mail them.
test('an end user signs up, enters the mailed code, and only then can the app e-mail them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const builder = await createUser(request, { email: E2E_ADMINS.endUserConfirm });
  const created = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${builder.token}` },
    data: { appType: 'generated', genApp: MAIL_DESK },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };

  // The builder signs in, publishes and opens sign-up; App settings show the confirmation switch, off.
  const login = new LoginPage(page);
  await login.goto();
  expect(await login.signIn(builder.email, PASSWORD)).toBe(200);
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'Mail Desk' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}`);
  const editor = new EditorPage(page);
  await editor.publish();
  await editor.enableSignUp(SIGNUP_CONTACTS);
  const unconfirmedSwitch = editor.panel.getByRole('switch', { name: APP_CONFIRM_MESSAGES.settingLabel });
  await expect(unconfirmedSwitch).not.toBeChecked();
  await expect(editor.panel.getByText(APP_CONFIRM_MESSAGES.settingHelp)).toBeVisible();

  // An end user signs up on the app's own host: the code step, no way in yet.
  const port = new URL(baseURL!).port;
  const origin = `http://${slug}.apps.localhost:${port}`;
  const endUser = await browser.newContext();
  const app = await endUser.newPage();
  const email = uniqueEmail('desk-user');
  await app.goto(`${origin}/app/${slug}/`);
  await app.getByRole('button', { name: 'Log in' }).click();
  await expect(app).toHaveURL(new RegExp(`${origin}/apps/${appId}/login\\?nextUrl=`));
  await app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await app.getByLabel(RUNTIME_MESSAGES.fullName).fill('Dana Desk');
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(email);
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await expect(app.getByRole('heading', { name: APP_CONFIRM_MESSAGES.title })).toBeVisible();
  await expect(app.getByText(APP_CONFIRM_MESSAGES.codeSent.replace('{email}', email))).toBeVisible();
  await shoot(app, 'code-step');

  // Before the code is entered, the app may not mail the address (the builder tries from the preview).
  const preview = editor.preview();
  await expect(preview.getByRole('heading', { name: 'Mail Desk' })).toBeVisible({ timeout: 30_000 });
  await sendFromPreview(preview, email);
  await expect(preview.getByRole('main').getByRole('status')).toHaveText(APP_CONFIRM_MESSAGES.sendEmailUnconfirmed);

  // A wrong code is said so; a new code cannot be asked for straight away.
  const code = await mailedCode(request, email);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await app.getByLabel(APP_CONFIRM_MESSAGES.codeLabel).fill(wrong);
  await app.getByRole('button', { name: APP_CONFIRM_MESSAGES.confirm }).click();
  await expect(app.getByRole('alert')).toHaveText(APP_CONFIRM_MESSAGES.codeWrong);
  await app.getByRole('button', { name: APP_CONFIRM_MESSAGES.resend }).click();
  await expect(app.getByRole('alert')).toHaveText(APP_CONFIRM_MESSAGES.resendTooSoon);
  await shoot(app, 'code-step-error');

  // Leaving and signing in with the password comes back to the code step, not a dead end.
  await app.getByRole('button', { name: RUNTIME_MESSAGES.backToSignIn }).click();
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(email);
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signIn }).click();
  await expect(app.getByRole('heading', { name: APP_CONFIRM_MESSAGES.title })).toBeVisible();
  await app.getByLabel(APP_CONFIRM_MESSAGES.codeLabel).fill(code);
  await app.getByRole('button', { name: APP_CONFIRM_MESSAGES.confirm }).click();

  // In the app, confirmed: its SendEmail reaches them now, from their own page and from the preview.
  await expect(app).toHaveURL(`${origin}/app/${slug}/`);
  await expect(app.getByText(`Signed in as ${email}`)).toBeVisible();
  await app.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(app.getByRole('main').getByRole('status')).toHaveText('Sent');
  const mail = await waitForMail(request, email, /^Your desk is ready$/);
  expect(mail.text).toContain('Hello from Mail Desk.');
  await sendFromPreview(preview, email);
  await expect(preview.getByRole('main').getByRole('status')).toHaveText('Sent');
  await endUser.close();
});
