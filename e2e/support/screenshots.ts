import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { seriousViolations, type Violation } from './accessibility.js';

/** Where the run leaves its screenshots (git-ignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

// Body backgrounds of the two themes (packages/web/src/lib/theme/theme.ts).
const BACKGROUNDS = { light: 'rgb(246, 247, 249)', dark: 'rgb(15, 18, 23)' };

/**
 * Switches the theme the way another tab would (the app follows `storage` events), which also works
 * while a modal dialog covers the top bar's toggle.
 */
async function setTheme(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => {
    const oldValue = localStorage.getItem('theme');
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue, newValue: value }));
  }, mode);
  await page.waitForFunction((color) => getComputedStyle(document.body).backgroundColor === color, BACKGROUNDS[mode]);
}

async function currentTheme(page: Page): Promise<'light' | 'dark'> {
  return (await page.evaluate(() => localStorage.getItem('theme'))) === 'dark' ? 'dark' : 'light';
}

/**
 * Saves the page in the light and the dark theme (`<name>-light.png`, `<name>-dark.png`), checks each
 * with axe-core against WCAG 2.2 AA, and leaves it in the theme it had. Fails on any serious or
 * critical violation, naming the elements.
 */
export async function inspectBothThemes(page: Page, name: string): Promise<void> {
  const found: (Violation & { theme: string })[] = [];
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = await currentTheme(page);
  // A full-page picture of a scrolled page draws the fixed top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    // Let MUI's transitions settle so the picture shows the finished state.
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${mode}.png`, fullPage: true });
    for (const violation of await seriousViolations(page)) found.push({ ...violation, theme: mode });
  }
  await setTheme(page, before);
  if (found.length > 0) {
    const report = found.map((v) => `[${v.theme}] ${v.impact} ${v.id}: ${v.help}\n  ${v.targets.join('\n  ')}`);
    throw new Error(`Accessibility (WCAG 2.2 AA) violations on '${name}':\n${report.join('\n')}`);
  }
}
