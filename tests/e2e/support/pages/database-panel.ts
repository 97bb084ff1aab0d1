import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { EditorPage } from './editor-page';

/** The editor's Database panel: one entity's rows in a grid. */
export class DatabasePanel {
  constructor(readonly page: Page) {}

  /** Opens the app in the editor with the panel showing `entity`, and waits for its grid. */
  async open(appId: string, entity: string) {
    await new EditorPage(this.page).goto(appId, { panel: 'database', entity });
    await expect(this.grid(entity)).toBeVisible();
  }

  /** The grid of `entity`'s rows. */
  grid(entity: string): Locator {
    return this.page.getByRole('grid', { name: `${entity} rows` });
  }
}
