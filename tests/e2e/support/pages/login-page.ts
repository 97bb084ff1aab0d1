import type { Locator, Page } from '@playwright/test';

/** The builder's /login page: sign-in, create-account, magic-link and forgot-password forms. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.alert = page.getByRole('alert');
  }

  /** Opens /login, with a query such as `?view=signup` or `?redirectTo=%2Fsettings`. */
  async goto(query = '') {
    await this.page.goto(`/login${query}`);
  }

  /** Fills the sign-in form and presses Enter; returns the status of the sign-in request. */
  async signIn(email: string, password: string): Promise<number> {
    await this.email.fill(email);
    await this.password.fill(password);
    const answer = this.page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
    await this.password.press('Enter');
    return (await answer).status();
  }

  /** Fills the create-account form (open it first: its tab, or `goto('?view=signup')`) and sends it. */
  async signUp({ name, email, password }: { name?: string; email: string; password: string }) {
    if (name !== undefined) await this.page.getByLabel('Name').fill(name);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  async openSignUpTab() {
    await this.page.getByRole('tab', { name: 'Create account' }).click();
  }

  /** Asks for a password-reset mail from the "Forgot password?" form (open it first). */
  async requestPasswordReset(email: string) {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Send reset link' }).click();
  }

  /** Asks for a sign-in link from the magic-link form (open it first). */
  async requestMagicLink(email: string) {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Send magic link' }).click();
  }
}
