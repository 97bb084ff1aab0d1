import { expect, type APIRequestContext, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { APP_CONFIRM_MESSAGES } from '@tessera/contracts/app-users';

/** A strong password (the server refuses common and short ones). */
export const PASSWORD = 'Tessera-e2e-Pass!42';
/**
 * Admins of the e2e install (ADMIN_EMAILS in playwright.config.ts), one address per test that needs
 * one: admins choose the chat model and get App settings on generated apps (docs/product/editor-and-chat.md#roles-and-permissions).
 */
export const E2E_ADMINS = {
  model: 'model-admin@e2e.tessera.test',
  runtime: 'runtime-admin@e2e.tessera.test',
  preview: 'preview-admin@e2e.tessera.test',
  settings: 'settings-admin@e2e.tessera.test',
  editor: 'editor-admin@e2e.tessera.test',
  toolPage: 'tool-page-admin@e2e.tessera.test',
  toolPageMembers: 'tool-page-members-admin@e2e.tessera.test',
  tools: 'tools-admin@e2e.tessera.test',
  plans: 'plans-admin@e2e.tessera.test',
  claim: 'claim-admin@e2e.tessera.test',
  domains: 'domains-admin@e2e.tessera.test',
  analytics: 'analytics-admin@e2e.tessera.test',
  memberships: 'memberships-admin@e2e.tessera.test',
  membershipsStripe: 'memberships-stripe-admin@e2e.tessera.test',
  appChat: 'app-chat-admin@e2e.tessera.test',
  templates: 'templates-admin@e2e.tessera.test',
  templatesTool: 'templates-tool-admin@e2e.tessera.test',
  credits: 'credits-admin@e2e.tessera.test',
  endUserConfirm: 'end-user-confirm-admin@e2e.tessera.test',
  chatRepair: 'chat-repair-admin@e2e.tessera.test',
  quietApps: 'quiet-apps-admin@e2e.tessera.test',
  lastTurnFailed: 'last-turn-failed-admin@e2e.tessera.test',
} as const;
export const E2E_ADMIN_EMAIL = E2E_ADMINS.model;
/**
 * The builders of first-hour.spec.ts, who sign up through the UI and then need App settings: one
 * address per repeat of the journey (`--repeat-each 3`), since an address signs up once per run.
 */
export const FIRST_HOUR_ADMINS = [1, 2, 3].map((n) => `first-hour-${n}@e2e.tessera.test`);

/** What an app's settings need before sign-up can be turned on (docs/product/editor-and-chat.md#rules-and-messages). */
export const SIGNUP_CONTACTS = {
  termsOfServiceLink: 'https://example.com/terms',
  privacyPolicyLink: 'https://example.com/privacy',
  supportEmail: 'help@example.com',
} as const;

/** A fresh address per test, so tests never share users or rate-limit counters. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** The newest mail to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?${new URLSearchParams({ to })}`);
        const { mails } = (await response.json()) as { mails: OutboxMail[] };
        found = mails.find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link of the newest matching mail. */
export async function mailLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  const mail = await waitForMail(request, to, subject);
  const link = mail.links[0];
  expect(link, `the mail "${mail.subject}" has a link`).toBeTruthy();
  return link!;
}

/** The 6-digit code of the newest confirmation mail to `to` (its subject starts with the code). */
export async function mailedCode(request: APIRequestContext, to: string): Promise<string> {
  const mail = await waitForMail(request, to, /^\d{6} is your .+ code$/);
  return mail.subject.slice(0, 6);
}

/**
 * The code step of an app's login page after sign-up: the code from the dev outbox, typed in and
 * confirmed (docs/product/runtime.md#end-user-confirmation). Works in a page or the preview frame.
 */
export async function confirmMailedCode(
  on: Pick<Page, 'getByLabel' | 'getByRole'> | FrameLocator,
  request: APIRequestContext,
  email: string,
) {
  await expect(on.getByRole('heading', { name: APP_CONFIRM_MESSAGES.title })).toBeVisible();
  await on.getByLabel(APP_CONFIRM_MESSAGES.codeLabel).fill(await mailedCode(request, email));
  await on.getByRole('button', { name: APP_CONFIRM_MESSAGES.confirm }).click();
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
}

function tokenOf(headers: Record<string, string>): string {
  const token = headers['set-auth-token'];
  expect(token, 'the server hands back a bearer token').toBeTruthy();
  return token!;
}

/**
 * Makes a user through the API (sign-up, optionally the mailed verification link, then the account),
 * faster than the UI and without counting against the sign-in limits.
 */
export async function createUser(
  request: APIRequestContext,
  {
    verified = true,
    tag = 'user',
    name,
    email = uniqueEmail(tag),
  }: { verified?: boolean; tag?: string; name?: string; email?: string } = {},
): Promise<TestUser> {
  // Sent with the SPA's Origin, as the SPA sends it: the request context keeps the cookies
  // better-auth sets, and a request carrying cookies must name a trusted origin.
  const origin = new URL((await request.get('/healthz')).url()).origin;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name, callbackURL: '/home' },
    headers: { origin },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  let token = tokenOf(signUp.headers());
  if (verified) {
    // Opening the mailed link verifies on the API, which redirects to the SPA's handler.
    const verify = await request.get(await mailLink(request, email, /verify/i), { maxRedirects: 0 });
    expect(verify.status(), await verify.text()).toBe(302);
    token = tokenOf(verify.headers());
  }
  const create = await request.post('/api/live_api/account/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(create.status(), await create.text()).toBe(200);
  return { email, password: PASSWORD, token };
}

/** Signs the browser in as `user` the way the SPA keeps sessions: the token cookie. */
export async function useSessionOf(context: BrowserContext, baseURL: string, user: TestUser) {
  await context.addCookies([
    { name: 'tessera_token', value: encodeURIComponent(user.token), url: baseURL, sameSite: 'Strict' },
  ]);
}
