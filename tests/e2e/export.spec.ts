import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import { MESSAGES } from '@tessera/contracts';
import { APP_KEY_KIND_TEXTS, EXPORT_MESSAGES } from '@tessera/contracts/app-export';
import { expect, test } from './support/fixtures';
import { PASSWORD, uniqueEmail } from './support/helpers';
import { DevOutbox, EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SHOTS_DIR, `export-${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Runs npm in the project folder (the registry is reachable, the local cache is preferred). */
function npm(dir: string, args: string[]) {
  execFileSync('npm', args, { cwd: dir, stdio: 'pipe', timeout: 420_000, env: { ...process.env, CI: '1' } });
}

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('a builder exports an app with a site key, builds it with npm, sees its records served from Tessera under the access rules, and imports it back', async ({
  page,
  request,
}) => {
  test.setTimeout(900_000); // npm install and build of the exported project
  page.setDefaultTimeout(60_000); // ...but no click waits that long
  const email = uniqueEmail('export');
  const login = new LoginPage(page);
  await login.goto();
  await login.openSignUpTab();
  await login.signUp({ name: 'Ada Lovelace', email, password: PASSWORD });
  await new DevOutbox(page, request).openLink(email, /verify your email/i);
  await new HomePage(page).expectOpen();

  // An app built by the offline builder, with its sample tasks.
  await page
    .getByRole('textbox', { name: 'What do you want to build?' })
    .fill('Build a task tracker with tasks (title, done)');
  await page.getByRole('button', { name: 'Build it' }).click();
  await expect(page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
  const editor = new EditorPage(page);
  await editor.waitForReply();
  await expect(page.getByRole('button', { name: /^Versions, showing Version 1$/ })).toBeVisible({ timeout: 30_000 });

  // The code editor's Export opens the dialog: create a read-only app key, shown once.
  await page.getByRole('button', { name: 'Edit code' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export app' });
  await expect(dialog.getByRole('radio', { name: /Data on Tessera/ })).toBeChecked();
  // Download before a key says what to do.
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText(EXPORT_MESSAGES.keyNeeded)).toBeVisible();
  // A server key (full access) is its own, plainly named choice, and never goes into the project.
  await dialog.getByRole('radio', { name: /Server key \(full access\)/ }).check();
  await dialog.getByRole('button', { name: 'Create app key' }).click();
  await expect(dialog.getByText(APP_KEY_KIND_TEXTS.server.shownOnce)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Existing app keys' })).toContainText('Server key (full access)');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page.getByText(EXPORT_MESSAGES.keyNeeded)).toBeVisible();
  await dialog.getByRole('radio', { name: /Site key/ }).check();
  await dialog.getByRole('button', { name: 'Create app key' }).click();
  await expect(dialog.getByText(APP_KEY_KIND_TEXTS.site.shownOnce)).toBeVisible();
  const key = await dialog.getByRole('textbox', { name: 'New app key' }).inputValue();
  expect(key).toMatch(/^tak_/);
  await expect(dialog.getByRole('list', { name: 'Existing app keys' })).toContainText(`…${key.slice(-4)}`);
  await shoot(page, 'dialog');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  const dir = mkdtempSync(join(tmpdir(), 'tessera-export-'));
  let preview: ChildProcess | null = null;
  try {
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    for (const file of Object.values(zip.files)) {
      if (file.dir) continue;
      const target = join(dir, file.name);
      execFileSync('mkdir', ['-p', join(target, '..')]);
      writeFileSync(target, await file.async('nodebuffer'));
    }
    expect(readFileSync(join(dir, '.env'), 'utf8')).toContain(key);

    // npm install and build in the temporary folder, then serve dist with vite preview.
    const started = Date.now();
    npm(dir, ['install', '--prefer-offline', '--no-audit', '--no-fund']);
    console.log(`npm install took ${Math.round((Date.now() - started) / 1000)} s`);
    npm(dir, ['run', 'build']);
    const port = await freePort();
    preview = spawn(
      join(dir, 'node_modules/.bin/vite'),
      ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      {
        cwd: dir,
        stdio: 'ignore',
      },
    );
    const site = `http://127.0.0.1:${port}`;
    await expect(async () => expect((await fetch(site)).ok).toBe(true)).toPass({ timeout: 30_000 });

    // The exported app, on its own origin: the site key names the app and lifts no rule, so the
    // builder's creator-only tasks are not a logged-out visitor's to see: the site asks to sign in,
    // and its sign-in page asks Tessera (a wrong password is refused there).
    const exported = await page.context().newPage();
    await exported.goto(`${site}/tasks/`);
    const signIn = exported.getByRole('form', { name: 'Sign in' });
    await expect(signIn).toBeVisible({ timeout: 30_000 });
    await expect(exported).toHaveURL(/\/login\?nextUrl=%2Ftasks%2F/);
    await expect(exported.getByText('Plan the week')).toHaveCount(0);
    await signIn.getByLabel('E-mail').fill(uniqueEmail('visitor'));
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect(signIn.getByRole('alert')).toHaveText(MESSAGES.login.invalidCredentials);
    await exported.screenshot({ path: join(SHOTS_DIR, 'export-built-app-sign-in-1280.png') });

    // Once the builder lets anyone read tasks, the same site lists them.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Builder menu' })
      .getByRole('button', { name: /^Database/ })
      .click();
    // Its one entity opens at once (the entity list shows only with several).
    await expect(page.getByRole('heading', { name: 'Task', level: 2 })).toBeVisible();
    await page.getByRole('tab', { name: 'Access control' }).click();
    await page.getByRole('button', { name: /^Anonymous Read\/Admin Write/ }).click();
    await page.getByRole('button', { name: 'Apply with the assistant' }).click();
    await expect(page.getByRole('button', { name: /^Versions, showing Version 2$/ })).toBeVisible({ timeout: 60_000 });
    await exported.goto(`${site}/tasks/`);
    await expect(exported.getByText('Plan the week').first()).toBeVisible({ timeout: 30_000 });
    await exported.screenshot({ path: join(SHOTS_DIR, 'export-built-app-1280.png') });
    await exported.close();

    // An edited copy goes back in as a new version.
    const tasksPage =
      Object.keys(zip.files).find((p) => /^src\/app\/pages\/Tasks?\.jsx$/.test(p)) ?? 'src/app/pages/Home.jsx';
    zip.file(tasksPage, `${await zip.file(tasksPage)!.async('string')}\n// Edited outside Tessera\n`);
    const edited = join(dir, 'edited.zip');
    writeFileSync(edited, await zip.generateAsync({ type: 'nodebuffer' }));
    await page.getByRole('button', { name: 'Edit code' }).click();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByLabel('Project zip').setInputFiles(edited);
    await expect(page.getByText(/^Imported as version \d+$/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /^Versions, showing Version 3$/ })).toBeVisible();

    // A zip that is not a project is refused with a plain message.
    const junk = join(dir, 'junk.zip');
    writeFileSync(junk, 'not a zip');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await dialog.getByLabel('Project zip').setInputFiles(junk);
    await expect(page.getByText(EXPORT_MESSAGES.notAZip)).toBeVisible();
  } finally {
    preview?.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});
