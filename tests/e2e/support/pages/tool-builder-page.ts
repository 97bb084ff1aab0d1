import type { Locator, Page } from '@playwright/test';
import type { CustomFieldType } from '@tessera/contracts/tools';
import { FIELD_TYPE_LABELS } from '@tessera/contracts/tools';
import { expect } from '../fixtures';

/** The tool builder, /build/app/{appId}/tool/{toolId}: the side panel's menu and panels, and the preview. */
export class ToolBuilderPage {
  readonly menu: Locator;
  readonly panel: Locator;
  readonly preview: Locator;
  readonly saveState: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Tool menu' });
    this.panel = page.getByRole('complementary', { name: 'Tool builder panel' });
    // The real public tool page, in its frame on the app's own host.
    this.preview = page.frameLocator('iframe[title="Live preview"]').locator('body');
    this.saveState = page.locator('[data-save-state]');
  }

  /** Opens a menu entry's panel (on a phone, the Edit view first). */
  async open(entry: string | RegExp) {
    const edit = this.page.getByRole('tab', { name: 'Edit' });
    if (await edit.isVisible()) await edit.click();
    await this.menu.getByRole('button', { name: entry }).click();
    await expect(this.panel.getByRole('heading', { name: entry })).toBeVisible();
  }

  /** The open panel's Done: back to the menu. */
  async done() {
    await this.panel.getByRole('button', { name: 'Done' }).click();
    await expect(this.menu).toBeVisible();
  }

  /** Adds a field in the open Custom fields panel. */
  async addField(type: CustomFieldType, label: string, options: string[] = []) {
    await this.panel.getByRole('button', { name: 'Add field' }).click();
    const form = this.panel.getByRole('form', { name: 'New field' });
    await form.getByLabel('Type').selectOption({ label: FIELD_TYPE_LABELS[type] });
    await form.getByLabel('Label').fill(label);
    for (const option of options) {
      await form.getByRole('textbox', { name: 'New option' }).fill(option);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await form.getByRole('button', { name: 'Add field' }).click();
    await expect(this.panel.getByRole('list', { name: 'Fields' })).toContainText(label);
  }

  /** Every edit is saved (2000 ms after the last one). */
  async expectSaved() {
    await expect(this.saveState).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
  }
}
