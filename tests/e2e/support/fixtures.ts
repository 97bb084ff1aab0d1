import { test as base, expect } from '@playwright/test';

/**
 * The journeys' `test`: fails a test whose page threw an uncaught error or logged a console error
 * (React warnings included). Failed HTTP answers are expected in error journeys and ignored.
 */
export const test = base.extend<{ pageErrors: void }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
          errors.push(`console: ${msg.text()}`);
      });
      await use();
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
