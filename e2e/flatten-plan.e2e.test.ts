import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { converterWithJsonFile } from './support/converter.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

const COUNTRIES = fs.readFileSync(new URL('../testdata/flattening/world-countries/countries.json', import.meta.url));
const EMAIL = `e2e-plan-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({ WORKERS: '1' }, EMAIL, PASSWORD));
let page: Page;

/** The column count the live region says the edited plan gives. */
async function columnsWithPlan(): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: 'columns without a plan' });
  const text = (await status.textContent()) ?? '';
  const match = /; ([\d,]+) with this plan\./.exec(text);
  if (!match?.[1]) throw new Error(`no column count in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

describe('the flattening plan in a real browser', () => {
  // Each test starts on a fresh signed-in page and takes the steps before it again, so it runs alone.
  async function proposeAndEdit(): Promise<void> {
    page = await converterWithJsonFile(session().browser, 'countries.json', COUNTRIES);
    await page.getByText('countries.json').first().waitFor();
    await page.getByRole('button', { name: 'Propose a flattening plan' }).click();
    // The reason reads as words with the path set as code: no backquotes on the page.
    const paths = page.getByRole('list', { name: 'Strategies per path' });
    await paths
      .getByRole('listitem')
      .filter({
        hasText:
          'currencies is a map: its keys are codes (AWG, AFN, AOA, …). Kept as JSON in one column instead of 325 columns.',
      })
      .waitFor();
    expect(await paths.textContent()).not.toContain('`');
    await page.getByRole('region', { name: 'Preview under this plan' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /1,270 columns without a plan; \d+ with this plan\./ })
      .waitFor();
    const proposed = await columnsWithPlan();
    expect(proposed).toBeLessThan(60);
    const preview = page.getByRole('region', { name: 'Preview under this plan' });
    await preview.getByRole('columnheader', { name: 'tld', exact: true }).waitFor();
    await inspectBothThemes(page, 'flatten-plan');

    // `tld` joined in one cell -> one column per position: the preview gets tld.0, tld.1, ...
    await page.getByRole('combobox', { name: 'Strategy for tld' }).click();
    await page.getByRole('option', { name: 'Columns (one per position)' }).click();
    await preview.getByRole('columnheader', { name: 'tld.0', exact: true }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'columns without a plan' })
      .filter({ hasNotText: `; ${proposed} with this plan.` })
      .waitFor();
    expect(await columnsWithPlan()).toBeGreaterThan(proposed);
  }

  it('proposes a plan for countries.json with its reasons and a preview, and follows an edit', proposeAndEdit);

  it('lists the paths the proposal left alone too: one found by name takes a strategy', async () => {
    await proposeAndEdit();
    const preview = page.getByRole('region', { name: 'Preview under this plan' });
    await preview.getByRole('columnheader', { name: 'demonyms.eng.f', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Find a path' }).fill('demonyms');
    await page.getByText('3 paths of 40 hold "demonyms". 1 changed from the proposal.').waitFor();
    const demonyms = page.getByRole('combobox', { name: 'Strategy for demonyms', exact: true });
    expect(await demonyms.textContent()).toBe("Default (the conversion's options)");
    await demonyms.click();
    await page.getByRole('option', { name: 'JSON in one cell' }).click();
    await preview.getByRole('columnheader', { name: 'demonyms', exact: true }).waitFor();
    expect(await preview.getByRole('columnheader', { name: 'demonyms.eng.f', exact: true }).count()).toBe(0);
    await page.getByRole('listitem').filter({ hasText: 'Changed' }).filter({ hasText: 'demonyms' }).first().waitFor();
    await inspectBothThemes(page, 'flatten-plan-search');
  });

  it('converts the whole file with the edited plan; the download has the columns the preview said', async () => {
    await proposeAndEdit();
    const columns = await columnsWithPlan();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByText('countries.json converted to CSV').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = fs.readFileSync(await (download as Download).path(), 'utf8');
    const header = (csv.split('\n')[0] ?? '').replace(/^\uFEFF/, '').split(',');
    expect(header).toHaveLength(columns);
    expect(header).toContain('tld.0');
    expect(header).toContain('currencies');
    await inspectBothThemes(page, 'flatten-plan-converted');
  });
});
