import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DOMAIN_MESSAGES, txtMissingMessage } from '@tessera/contracts/domains';
import { CHROMIUM_LAUNCH } from './support/chromium';
import { setDnsRecords } from './support/dns';
import { expect, test } from './support/fixtures';
import { createUser, E2E_ADMINS, useSessionOf } from './support/helpers';
import { EditorPage, HomePage } from './support/pages';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS_DIR, `custom-domains-${name}.png`) });
}

// docs/product/custom-domains.md: a builder adds their own domain in App settings, creates the DNS
// records shown, verifies them against DNS, and the app is served at that domain.
test('a builder puts a published app on their own domain: records, verification, served there', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await createUser(request, { email: E2E_ADMINS.domains, name: 'Domain Admin' });
  await useSessionOf(context, baseURL!, admin);
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/apps', {
    headers,
    data: {
      appType: 'generated',
      genApp: {
        name: 'Corner Bakery',
        pages: { Home: 'export default function Home() { return <h1>Fresh bread daily</h1>; }' },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };
  expect((await request.post(`/api/apps/${appId}/publish`, { headers })).status()).toBe(200);

  // From Home into the app's editor, then App settings from the side panel.
  const home = new HomePage(page);
  await home.goto();
  await home.expectOpen();
  await page.getByRole('link', { name: 'Corner Bakery' }).click();
  await expect(page).toHaveURL(new RegExp(`/build/app/${appId}`));
  const editor = new EditorPage(page);
  await editor.menuEntry(/App settings/).click();
  const panel = editor.panel;
  const section = panel.getByRole('region', { name: 'Custom domain' });
  await expect(section).toBeVisible();

  // A URL is refused with a plain message; the domain itself is added, lower-cased, with its records.
  const input = section.getByRole('textbox', { name: 'Domain' });
  await input.fill('https://bakery.example.com/shop');
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByText(DOMAIN_MESSAGES.hostnameInvalid)).toBeVisible();
  const host = `bakery-${Date.now().toString(36)}.domains.test`;
  await input.fill(host.toUpperCase());
  await section.getByRole('button', { name: 'Add domain' }).click();
  const card = section.getByRole('article', { name: host });
  await expect(card.getByText('Waiting for DNS')).toBeVisible();
  await expect(card.getByText(`${slug}.apps.localhost`)).toBeVisible();
  const txtName = `_tessera-verify.${host}`;
  await expect(card.getByText(txtName, { exact: true })).toBeVisible();
  const txtValue = (await card.getByText(/^tessera-verify=/).textContent())!;
  await shoot(page, 'pending-1280');

  // Verify before the record exists: the reason is shown.
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByText(txtMissingMessage(txtName))).toBeVisible();
  await expect(card.getByText('Not verified')).toBeVisible();
  await shoot(page, 'failed-1280');

  // The builder creates the records at their DNS provider (the fake DNS server), then verifies.
  await setDnsRecords(txtName, { TXT: [txtValue] });
  await setDnsRecords(host, { CNAME: `${slug}.apps.localhost` });
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText(DOMAIN_MESSAGES.verified)).toBeVisible();
  await expect(card.getByRole('link', { name: host })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Check again' })).toBeVisible();
  await shoot(page, 'verified-1280');

  // The app is served at the domain: a browser whose DNS sends that name to this machine opens it.
  const port = new URL(baseURL!).port;
  const visitorBrowser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP ${host} 127.0.0.1`],
  });
  try {
    const visitor = await visitorBrowser.newPage();
    await visitor.goto(`http://${host}:${port}/`);
    await expect(visitor.getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
    expect(new URL(visitor.url()).hostname).toBe(host);
  } finally {
    await visitorBrowser.close();
  }

  // On a phone the panel takes the editor's place.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  const mobileCard = page.getByRole('article', { name: host });
  await mobileCard.scrollIntoViewIfNeeded();
  await expect(mobileCard.getByText('Verified', { exact: true })).toBeVisible();
  await shoot(page, 'verified-375');

  // Removing it (after a confirmation) takes the app off that domain.
  await mobileCard.getByRole('button', { name: 'Remove' }).click();
  await mobileCard.getByRole('button', { name: 'Remove domain' }).click();
  await expect(page.getByRole('article', { name: host })).toHaveCount(0, { timeout: 20_000 });
  const gone = await request.get(`/api/domains/ask?domain=${host}`);
  expect(gone.status()).toBe(404);
});
