import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { createUser, useSessionOf } from './support/helpers';
import { EditorPage, HomePage, LoginPage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

test('an editor opened at 127.0.0.1 instead of localhost says where its preview works', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // The install's address is http://localhost:{port}; the builder types the loopback number instead.
  const elsewhere = baseURL!.replace('//localhost:', '//127.0.0.1:');
  const user = await createUser(request, { tag: 'elsewhere' });
  const login = new LoginPage(page);
  await page.goto(`${elsewhere}/login`);
  expect(await login.signIn(user.email, user.password)).toBe(200);
  await new HomePage(page).expectOpen();
  const appId = await new HomePage(page).buildApp('A reading list with books (title, author, finished)');
  const editor = new EditorPage(page);
  await editor.waitForReply();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText("The preview opens only at this install's own address")).toBeVisible();
  await expect(preview.getByTitle('App preview')).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.screenshot({ path: join(SHOTS_DIR, `preview-elsewhere-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The link leads to the same editor at the install's address, where the preview shows the app.
  const open = preview.getByRole('link', { name: `Open at ${baseURL}` });
  await expect(open).toHaveAttribute('href', `${baseURL}/build/app/${appId}`);
  await useSessionOf(context, baseURL!, user);
  await open.click();
  await expect(page).toHaveURL(`${baseURL}/build/app/${appId}`);
  const frame = page.frameLocator('iframe[title="App preview"]');
  await expect(frame.locator('body')).toContainText(/book/i, { timeout: 30_000 });
  await page.screenshot({ path: join(SHOTS_DIR, 'preview-elsewhere-followed-1280.png') });
});
