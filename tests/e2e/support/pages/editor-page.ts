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

  /** The live app inside the editor's preview frame. */
  preview() {
    return this.page.frameLocator('iframe[title="App preview"]');
  }
}
