import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ANALYTICS_MESSAGES, RUNTIME_MESSAGES } from '@tessera/contracts';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, PASSWORD, SIGNUP_CONTACTS, uniqueEmail, useSessionOf } from './support/helpers';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

/** A small notes app: its data is each end user's own, so visitors are asked to sign in first. */
const GEN_APP = {
  name: 'Field Notes',
  mainPage: 'Notes',
  entities: {
    Note: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    },
  },
  pages: {
    Notes: `import { useEffect, useState } from 'react';
import { Note } from '@/entities/Note';
import { User } from '@/entities/User';
export default function Notes() {
  const [notes, setNotes] = useState([]);
  const [me, setMe] = useState(null);
  const [text, setText] = useState('');
  async function load() {
    try {
      setMe(await User.me());
      setNotes(await Note.list('-createdAt'));
    } catch {
      setNotes([]);
    }
  }
  useEffect(() => { load(); }, []);
  async function add(event) {
    event.preventDefault();
    await Note.create({ text });
    setText('');
    await load();
  }
  return (
    <section>
      <h1>My notes</h1>
      {me && (
        <form onSubmit={add}>
          <input aria-label="New note" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit">Add</button>
        </form>
      )}
      <ul>{notes.map((n) => <li key={n.id}>{n.text}</li>)}</ul>
    </section>
  );
}`,
  },
};

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS_DIR, `analytics-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const tile = (page: Page, id: string) => page.getByTestId(`tile-${id}`).locator('dd').first();

test('the analytics page shows the visit, sign-up and record just made, and exports them as CSV', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const builder = await createUser(request, { email: E2E_ADMINS.analytics });
  const headers = { authorization: `Bearer ${builder.token}` };
  const created = await request.post('/api/apps', { headers, data: { appType: 'generated', genApp: GEN_APP } });
  expect(created.status(), await created.text()).toBe(200);
  const { appId } = (await created.json()) as { appId: string };

  // From Home to the builder, then its Analytics: nothing to show before the first publish.
  await useSessionOf(context, baseURL!, builder);
  await page.goto('/home');
  await page.getByRole('link', { name: 'Field Notes' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}`);
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/analytics/app/${appId}`);
  await expect(page.getByText(ANALYTICS_MESSAGES.notPublished)).toBeVisible();
  await shoot(page, 'unpublished');

  // Back in the builder, the app is published.
  await page.getByRole('link', { name: 'Open the builder' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('button', { name: 'Publish changes' });
  if (
    await confirm.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    )
  )
    await confirm.click();
  const live = page.getByRole('dialog', { name: 'Your app is live' });
  await expect(live).toBeVisible();
  const appUrl = (await live.getByRole('link', { name: 'Open' }).getAttribute('href'))!;
  await page.keyboard.press('Escape');
  // Sign-up opens once the app is live (app settings; the settings journey covers their screen).
  const settings = await request.post(`/api/apps/${appId}/settings`, {
    headers,
    data: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
  });
  expect(settings.status(), await settings.text()).toBe(200);

  // A visitor opens the live app, signs up and writes a note.
  const visitor = await browser.newContext();
  const app = await visitor.newPage();
  await app.goto(appUrl);
  const prompt = app.getByRole('region', { name: RUNTIME_MESSAGES.signInToSee });
  await prompt.getByRole('link', { name: RUNTIME_MESSAGES.signIn }).click();
  await app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await app.getByLabel(RUNTIME_MESSAGES.fullName).fill('Nora Field');
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(uniqueEmail('nora'));
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await app.getByLabel('New note').fill('Heron by the lake');
  await app.getByRole('button', { name: 'Add' }).click();
  await expect(app.getByRole('listitem').filter({ hasText: 'Heron by the lake' })).toBeVisible();
  await visitor.close();

  // The builder's analytics show them (visits are written within a second).
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  // Each try waits for the page to load again (seconds on a busy machine) before reading the tile.
  await expect(async () => {
    await page.reload();
    await expect(tile(page, 'visits')).toBeVisible({ timeout: 15_000 });
    await expect(tile(page, 'visits')).not.toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(tile(page, 'signUps')).toHaveText('1');
  await expect(tile(page, 'records')).toHaveText('1');
  await expect(tile(page, 'activeUsers')).not.toHaveText('0');
  const records = page.getByRole('figure', { name: 'Records created' });
  await expect(records.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Tool runs' })).toContainText('No tool runs in this range.');
  await shoot(page, 'figures-30d');

  // A shorter range, kept in the address.
  await page.getByRole('tab', { name: '7 days' }).click();
  await expect(page).toHaveURL(`/analytics/app/${appId}?days=7`);
  await expect(tile(page, 'signUps')).toHaveText('1');
  await shoot(page, 'figures-7d');

  // The CSV of the 7 days: named after the app and range, one line per day.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Field Notes analytics \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  const header = lines[0]!.split(',');
  expect(header.slice(0, 9)).toEqual([
    'day',
    'Visits',
    'Unique visitors',
    'Sign-ups',
    'Active users',
    'Records created',
    'Tool runs',
    'Tokens',
    'Cost',
  ]);
  expect(header.at(-1)).toBe('records: Note');
  expect(lines).toHaveLength(8);
  const today = Object.fromEntries(lines[7]!.split(',').map((value, i) => [header[i], value]));
  expect(Number(today.Visits)).toBeGreaterThan(0);
  expect(today).toMatchObject({ 'Sign-ups': '1', 'Records created': '1', 'Tool runs': '0', 'records: Note': '1' });
});
