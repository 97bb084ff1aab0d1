import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The editor at /build/app/{appId}: the chat, the preview, the builder menu and its panels. */
export class EditorPage {
  readonly chat: Locator;
  readonly composer: Locator;
  readonly model: Locator;
  readonly menu: Locator;
  /** The side panel a menu entry opens (Database, App settings...). */
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.chat = page.getByRole('region', { name: 'Chat' });
    this.composer = this.chat.getByRole('textbox', { name: 'Message' });
    this.model = this.chat.getByLabel('Model');
    this.menu = page.getByRole('navigation', { name: 'Builder menu' });
    this.panel = page.getByRole('complementary', { name: 'Builder panel' });
  }

  /** Opens the app in the editor, with query parameters such as `{ panel: 'settings' }`. */
  async goto(appId: string, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(`/build/app/${appId}${search ? `?${search}` : ''}`);
  }

  /** Types a chat message and sends it with Enter. */
  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }

  /** Waits until the chat says Ready again after a turn, and returns the last assistant message. */
  async waitForReply(): Promise<Locator> {
    await expect(this.chat.getByRole('status').filter({ hasText: /Sending|Writing/ }))
      .toBeVisible({ timeout: 15_000 })
      .catch(() => {});
    await expect(this.chat.locator('[data-status="ready"]')).toBeVisible({ timeout: 90_000 });
    return this.chat.locator('li[data-role="assistant"]').last();
  }

  /** Sends a message and waits for the answer to it. */
  async ask(text: string): Promise<Locator> {
    await this.send(text);
    return this.waitForReply();
  }

  /** The builder menu's entry whose name matches, e.g. /Database/ or /App settings/. */
  menuEntry(name: RegExp): Locator {
    return this.menu.getByRole('button', { name });
  }

  /**
   * Publishes from the toolbar, confirming the review of changes when one is shown, and returns the
   * live app's address once the "Your app is live" dialog is closed.
   */
  async publish(): Promise<string> {
    await this.page.getByRole('button', { name: 'Publish', exact: true }).click();
    const live = this.page.getByRole('dialog', { name: 'Your app is live' });
    const review = this.page.getByRole('dialog', { name: /^Publish version \d+\?$/ });
    await expect(live.or(review)).toBeVisible({ timeout: 30_000 });
    if (await review.isVisible()) await review.getByRole('button', { name: 'Publish changes' }).click();
    const appUrl = await live.getByLabel('App address').inputValue({ timeout: 30_000 });
    await live.press('Escape');
    await expect(live).toBeHidden();
    return appUrl;
  }

  /**
   * Turns end-user sign-up on in App settings (the app must be published) with the contacts it
   * needs, and waits until the panel holds no unsaved edits, i.e. the server stored them.
   */
  async enableSignUp(contacts: { termsOfServiceLink: string; privacyPolicyLink: string; supportEmail: string }) {
    await this.menuEntry(/App settings/).click();
    const signup = this.panel.getByRole('switch', { name: 'Let users sign up' });
    await signup.click();
    await expect(signup).toBeChecked();
    await this.panel.getByLabel('Terms of service link').fill(contacts.termsOfServiceLink);
    await this.panel.getByLabel('Privacy policy link').fill(contacts.privacyPolicyLink);
    await this.panel.getByLabel('Support e-mail').fill(contacts.supportEmail);
    const save = this.panel.getByRole('button', { name: 'Save changes' });
    await save.click();
    // Disabled while saving, then still disabled once saved (a refusal would leave it enabled).
    await expect(save).toBeDisabled();
    await expect(save).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
    await expect(save).toBeDisabled();
  }

  /** The live app inside the editor's preview frame. */
  preview() {
    return this.page.frameLocator('iframe[title="App preview"]');
  }
}
