import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { MEMBERSHIP_MESSAGES } from '@tessera/contracts/memberships';
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
import { E2E_GUMROAD, E2E_MEMBERSHIP_STRIPE } from './support/payments';

const SHOTS_DIR = join(import.meta.dirname, '../../.test-output/screenshots');
async function shoot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(SHOTS_DIR, `memberships-${name}.png`), fullPage });
}

const GEN_APP = {
  name: 'Paid Club',
  pages: { Home: 'export default function Home() { return <h1>Members lounge</h1>; }' },
};

// The Stripe club's lounge also keeps the member's notes: a record the analytics page counts.
const NOTES_APP = {
  ...GEN_APP,
  name: 'Stripe Club',
  entities: {
    Note: {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
    },
  },
  pages: {
    Home: `import { useEffect, useState } from 'react';
import { Note } from '@/entities/Note';
export default function Home() {
  const [notes, setNotes] = useState([]);
  const [text, setText] = useState('');
  useEffect(() => { Note.list('-createdAt').then(setNotes); }, []);
  async function add(event) {
    event.preventDefault();
    await Note.create({ text });
    setText('');
    setNotes(await Note.list('-createdAt'));
  }
  return (
    <main>
      <h1>Members lounge</h1>
      <form onSubmit={add}>
        <input aria-label="New note" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Add note</button>
      </form>
      <ul aria-label="Notes">{notes.map((n) => <li key={n.id}>{n.text}</li>)}</ul>
    </main>
  );
}`,
  },
};

const tile = (page: Page, id: string) => page.getByTestId(`tile-${id}`).locator('dd').first();

// docs/product/memberships.md: a builder sells memberships of their published app through their own
// Gumroad account; an end user meets the paywall, pays on (fake) Gumroad and reaches the app.
test('a builder connects Gumroad in App settings; an end user pays at the paywall and gets into the app', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const builder = await createUser(request, { email: E2E_ADMINS.memberships });
  const created = await request.post('/api/apps', {
    headers: { authorization: `Bearer ${builder.token}` },
    data: { appType: 'generated', genApp: GEN_APP },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };

  // From Home to the builder; publish, then open sign-up in App settings.
  await useSessionOf(context, baseURL!, builder);
  await page.goto('/home');
  await page.getByRole('link', { name: 'Paid Club' }).click();
  await expect(page).toHaveURL(`/build/app/${appId}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Your app is live' }).press('Escape');
  const editor = new EditorPage(page);
  await editor.menuEntry(/App settings/).click();
  const panel = editor.panel;
  // Paid memberships wait for sign-up.
  await expect(panel.getByText(MEMBERSHIP_MESSAGES.needsSignup)).toBeVisible();
  await panel.getByRole('switch', { name: 'Let users sign up' }).click();
  await panel.getByLabel('Terms of service link').fill(SIGNUP_CONTACTS.termsOfServiceLink);
  await panel.getByLabel('Privacy policy link').fill(SIGNUP_CONTACTS.privacyPolicyLink);
  await panel.getByLabel('Support e-mail').fill(SIGNUP_CONTACTS.supportEmail);
  await panel.getByRole('button', { name: 'Save changes' }).click();

  // The modal: a wrong token first, then the right one; its products; connect.
  await panel.getByRole('button', { name: 'Set up paid memberships' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paid memberships' });
  const token = dialog.getByLabel('Gumroad access token');
  await token.fill('gr_not_a_real_token');
  await expect(dialog.getByText(MEMBERSHIP_MESSAGES.tokenRejected)).toBeVisible();
  await expect(page.getByText(MEMBERSHIP_MESSAGES.fetchProductsFailed).first()).toBeVisible();
  await token.fill(E2E_GUMROAD.accessToken);
  const club = dialog.getByRole('radio', { name: /Members Club/ });
  await expect(club).toBeVisible();
  await expect(dialog.getByText('$9.00 a month')).toBeVisible();
  await club.check();
  await shoot(page, 'setup-1280');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(MEMBERSHIP_MESSAGES.connected)).toBeVisible();
  await expect(dialog.getByText('Connected', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Ping URL' })).toHaveValue(
    new RegExp(`/api/memberships/${appId}/gumroad/ping\\?secret=`),
  );
  // Change asks first.
  await dialog.getByRole('button', { name: 'Change product' }).click();
  await expect(dialog.getByText(MEMBERSHIP_MESSAGES.changeWarning)).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep this product' }).click();
  await shoot(page, 'connected-1280');
  await page.keyboard.press('Escape');
  await expect(panel.getByRole('switch', { name: 'Members only' })).toBeChecked();

  // An end user of the app signs up on its host and meets the paywall.
  const port = new URL(baseURL!).port;
  const origin = `http://${slug}.apps.localhost:${port}`;
  const endUserContext = await browser.newContext();
  const app = await endUserContext.newPage();
  const email = uniqueEmail('member');
  await app.goto(`${origin}/app/${slug}/`);
  await expect(app).toHaveURL(new RegExp(`${origin}/apps/${appId}/login\\?nextUrl=`));
  await app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await app.getByLabel(RUNTIME_MESSAGES.fullName).fill('Mia Member');
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(email);
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(app, request, email);
  await expect(app).toHaveURL(new RegExp(`${origin}/apps/${appId}/membership\\?nextUrl=`));
  await expect(app.getByRole('heading', { name: MEMBERSHIP_MESSAGES.paywallTitle })).toBeVisible();
  await expect(app.getByText('Members Club')).toBeVisible();
  await expect(app.getByText('$9.00 a month')).toBeVisible();
  await shoot(app, 'paywall-1280');
  await app.setViewportSize({ width: 375, height: 812 });
  await shoot(app, 'paywall-375');
  await app.setViewportSize({ width: 1280, height: 800 });

  // Checkout on Gumroad (a new tab) with the user's e-mail; the paywall lets them in once it is paid.
  const [checkout] = await Promise.all([
    endUserContext.waitForEvent('page'),
    app.getByRole('link', { name: MEMBERSHIP_MESSAGES.checkout }).click(),
  ]);
  await expect(checkout.getByRole('heading', { name: 'Members Club' })).toBeVisible();
  await expect(checkout.getByLabel('Email')).toHaveValue(email);
  await checkout.getByRole('button', { name: 'I want this!' }).click();
  await checkout.close();
  await expect(app.getByRole('heading', { name: 'Members lounge' })).toBeVisible({ timeout: 20_000 });
  await expect(app).toHaveURL(`${origin}/app/${slug}/`);
  await shoot(app, 'member-1280');
  await app.setViewportSize({ width: 375, height: 812 });
  await shoot(app, 'member-375');
  await endUserContext.close();

  // The builder's panel on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('main').getByRole('button', { name: 'Manage paid memberships' }).click();
  await expect(page.getByRole('dialog', { name: 'Paid memberships' })).toBeVisible();
  await shoot(page, 'connected-375');
});

// docs/product/memberships.md#stripe: the same with the builder's own Stripe account; the paywall
// wears the app's colours, the price shows in euros, the end user pays on (fake) Stripe Checkout
// and comes back into the app.
test('a builder connects Stripe; an end user pays through Stripe Checkout in euros and gets into the app', async ({
  page,
  context,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  const builder = await createUser(request, { email: E2E_ADMINS.membershipsStripe });
  const auth = { authorization: `Bearer ${builder.token}` };
  const created = await request.post('/api/apps', {
    headers: auth,
    data: { appType: 'generated', genApp: NOTES_APP },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };
  // The app's own look (its style panel's call): the paywall wears it once published.
  const styled = await request.post(`/api/apps/${appId}/style`, {
    headers: auth,
    data: { appStyle: { styleName: 'dark', buttonBackgroundColor: '#f59e0b', font: 'rounded' } },
  });
  expect(styled.status(), await styled.text()).toBe(200);

  await useSessionOf(context, baseURL!, builder);
  await page.goto('/home');
  await page.getByRole('link', { name: 'Stripe Club' }).click();
  const editor = new EditorPage(page);
  await editor.publish();
  await editor.enableSignUp(SIGNUP_CONTACTS);
  const panel = editor.panel;

  // Stripe: a wrong key is refused by Stripe, the right one lists its monthly price in euros.
  await panel.getByRole('button', { name: 'Set up paid memberships' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paid memberships' });
  await dialog.getByRole('radio', { name: 'Stripe' }).check();
  const key = dialog.getByLabel('Stripe secret key');
  await key.fill('sk_test_not_this_account');
  await expect(dialog.getByText(MEMBERSHIP_MESSAGES.stripeKeyRejected)).toBeVisible();
  await key.fill(E2E_MEMBERSHIP_STRIPE.secretKey);
  const price = dialog.getByRole('radio', { name: /Club Pro/ });
  await expect(price).toBeVisible();
  await expect(dialog.getByText('€12.00 a month')).toBeVisible();
  await price.check();
  await shoot(page, 'stripe-setup-1280');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText(MEMBERSHIP_MESSAGES.stripeConnected)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
    new RegExp(`/api/memberships/${appId}/stripe/webhook$`),
  );
  await expect(dialog.getByText('charge.refunded')).toBeVisible();
  await dialog.getByLabel('Signing secret').fill(E2E_MEMBERSHIP_STRIPE.webhookSecret);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByText('Signing secret saved')).toBeVisible();
  await shoot(page, 'stripe-connected-1280');
  await page.keyboard.press('Escape');
  await expect(panel.getByText(/Club Pro · €12\.00 a month through Stripe/)).toBeVisible();

  // An end user signs up on the app's host and meets the paywall in the app's colours.
  const port = new URL(baseURL!).port;
  const origin = `http://${slug}.apps.localhost:${port}`;
  const endUserContext = await browser.newContext();
  const app = await endUserContext.newPage();
  await app.goto(`${origin}/app/${slug}/`);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.noAccount }).click();
  await app.getByLabel(RUNTIME_MESSAGES.fullName).fill('Sam Subscriber');
  const subscriber = uniqueEmail('stripe-member');
  await app.getByLabel(RUNTIME_MESSAGES.email).fill(subscriber);
  await app.getByLabel(RUNTIME_MESSAGES.password).fill(PASSWORD);
  await app.getByRole('button', { name: RUNTIME_MESSAGES.signUp }).click();
  await confirmMailedCode(app, request, subscriber);
  await expect(app).toHaveURL(new RegExp(`${origin}/apps/${appId}/membership\\?nextUrl=`));
  await expect(app.getByRole('heading', { name: MEMBERSHIP_MESSAGES.paywallTitle })).toBeVisible();
  await expect(app.getByText('€12.00 a month')).toBeVisible();
  await expect(app.getByText('Secure checkout by Stripe')).toBeVisible();
  const checkoutButton = app.getByRole('button', { name: MEMBERSHIP_MESSAGES.checkout });
  await expect(checkoutButton).toHaveCSS('background-color', 'rgb(245, 158, 11)');
  await shoot(app, 'stripe-paywall-1280');
  await app.setViewportSize({ width: 375, height: 812 });
  await shoot(app, 'stripe-paywall-375');
  await app.setViewportSize({ width: 1280, height: 800 });

  // Stripe Checkout in the same tab; paid, Stripe sends them back and the paywall lets them in.
  await checkoutButton.click();
  await expect(app.getByRole('heading', { name: 'Fake Stripe checkout' })).toBeVisible();
  await expect(app.getByText('12.00 EUR')).toBeVisible();
  await app.getByRole('button', { name: 'Pay' }).click();
  await expect(app.getByRole('heading', { name: 'Members lounge' })).toBeVisible({ timeout: 20_000 });
  await expect(app).toHaveURL(`${origin}/app/${slug}/`);
  // The member keeps a note in the app: a record.
  await app.getByLabel('New note').fill('Bring the club cards');
  await app.getByRole('button', { name: 'Add note' }).click();
  await expect(app.getByRole('list', { name: 'Notes' }).getByText('Bring the club cards')).toBeVisible();
  await endUserContext.close();

  // The builder's Stripe webhook settings on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('main').getByRole('button', { name: 'Manage paid memberships' }).click();
  await expect(page.getByRole('dialog', { name: 'Paid memberships' }).getByText('Stripe webhook')).toBeVisible();
  await shoot(page, 'stripe-connected-375');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // docs/product/analytics.md: the builder's Analytics (the editor's toolbar) shows the member's
  // visit, sign-up, note and the €12.00 they paid. Visits are written within a second: each try
  // reloads the page and waits for it (seconds on a busy machine) before reading the tile.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/analytics/app/${appId}`);
  await expect(async () => {
    await page.reload();
    await expect(tile(page, 'visits')).toBeVisible({ timeout: 15_000 });
    await expect(tile(page, 'visits')).not.toHaveText('0', { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(tile(page, 'signUps')).toHaveText('1');
  await expect(tile(page, 'records')).toHaveText('1');
  await expect(tile(page, 'revenue')).toHaveText('€12.00');
  await expect(page.getByRole('figure', { name: 'Revenue' }).locator('.recharts-bar-rectangle').first()).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 812 });
    await shoot(page, `stripe-analytics-${width}`, true);
  }
});
