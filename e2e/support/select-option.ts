import type { Page } from 'playwright-core';

/**
 * Picks `option` in the select labelled `select`, then waits for its menu to close: while the menu is open,
 * MUI hides the rest of the page from the accessibility tree, so the next role locator would find nothing
 * (on a slow machine a click that lands while the menu still opens leaves it open).
 */
export async function chooseOption(page: Page, select: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}
