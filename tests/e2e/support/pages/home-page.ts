import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The builder's /home: the list of the user's apps. */
export class HomePage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Your apps' });
  }

  async goto() {
    await this.page.goto('/home');
  }

  /** The browser is on /home, signed in, with the list of apps shown. */
  async expectOpen() {
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.heading).toBeVisible();
  }

  /** Describes an app in the "What do you want to build?" box, sends it, and returns the new app's id from the editor's address. */
  async buildApp(description: string): Promise<string> {
    const prompt = this.page.getByRole('textbox', { name: 'What do you want to build?' });
    await prompt.fill(description);
    await prompt.press('Enter');
    await expect(this.page).toHaveURL(/\/build\/app\/[0-9a-f-]+$/);
    return this.page.url().split('/').at(-1)!;
  }
}
