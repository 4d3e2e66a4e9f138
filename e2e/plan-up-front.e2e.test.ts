import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converterWithJsonFile } from './support/converter.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// A JSON file whose plain table would be wider than 60 columns gets the flattening plan up front, unasked:
// applied unless the person chooses to convert plainly.

const COUNTRIES = fs.readFileSync(new URL('../testdata/flattening/world-countries/countries.json', import.meta.url));
const EMAIL = `e2e-up-front-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({ WORKERS: '1' }, EMAIL, PASSWORD));
let page: Page;

/** Converts the chosen file and answers the downloaded CSV's header cells. */
async function convertAndReadHeader(): Promise<string[]> {
  await page.getByRole('button', { name: 'Convert JSON File' }).click();
  await page.getByText('countries.json converted to CSV').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs.readFileSync(await (download as Download).path(), 'utf8');
  return (csv.split('\n')[0] ?? '').replace(/^\uFEFF/, '').split(',');
}

describe('the flattening plan up front for a wide file', () => {
  // Each test starts on a fresh signed-in page and chooses the file again, so it runs alone.
  async function chooseCountries(): Promise<void> {
    page = await converterWithJsonFile(session().browser, 'countries.json', COUNTRIES);
    const choice = page.getByRole('radiogroup', {
      name: 'The plain table would have 1,270 columns. Unnest proposes a flattening plan: about 31.',
    });
    await choice.waitFor();
    const apply = choice.getByRole('radio', { name: /^Apply the proposed plan/ });
    expect(await apply.isChecked()).toBe(true);
  }

  it('shows the proposal as soon as countries.json is chosen; converting applies it', async () => {
    await chooseCountries();
    await page
      .getByText(
        'currencies is a map: its keys are codes (AWG, AFN, AOA, …). Kept as JSON in one column instead of 325 columns.',
      )
      .waitFor();
    await inspectBothThemes(page, 'plan-up-front');
    const header = await convertAndReadHeader();
    expect(header).toHaveLength(31);
    expect(header).toContain('currencies');
  });

  it('converts plainly when chosen with the keyboard', async () => {
    await chooseCountries();
    await page.getByRole('radio', { name: /^Apply the proposed plan/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Convert plainly (1,270 columns)' }).isChecked()).toBe(true);
    const header = await convertAndReadHeader();
    expect(header).toHaveLength(1270);
  });
});
