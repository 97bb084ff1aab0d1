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
}
