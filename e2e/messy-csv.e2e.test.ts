import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// An export with a preamble and ', ' between the cells, converted in the web app with the defaults: uploaded
// as a file and pasted, the converter says how it read the CSV (what it sniffed, the rows it skipped) and
// gives the same records either way.

// Two records: with one, the two preamble rows fit as well as the table does, and nothing is skipped. With `,,` in
// the preamble the commas without a space decide for `,` (the spaces then stay in the values).
const EXPORT = 'Exported by tool\nOn 2026-11-27\nname, city\nAda, London\nGrace, New York\n';
// The stored file is the records one per line; pasted CSV's JSON is the API answer's `data` as written.
const FILE_JSON = '[\n{"name":"Ada","city":"London"},\n{"name":"Grace","city":"New York"}\n]\n';
const PASTED_JSON = FILE_JSON.trimEnd();
const EMAIL = `e2e-messy-csv-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

const session = openedForBlock(() => signedUpSession({}, EMAIL, PASSWORD));
let page: Page;

async function downloadedText(button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return fs.readFileSync(await download.path(), 'utf8');
}

/** A fresh converter page on CSV to JSON, its saved options loaded. */
async function openCsvToJson(): Promise<void> {
  await page.goto(`${session().server.url}/convert`);
  await page.getByRole('heading', { name: 'Data Conversion Tool' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'CSV to JSON' }).click();
}

/** The "how the CSV was read" line: the sniffed ', ' and the two preamble rows skipped. */
async function expectSniffedReading(): Promise<void> {
  const dialect = page.getByTestId('csv-dialect');
  await dialect.waitFor();
  expect(await dialect.textContent()).toMatch(
    /^Read with delimiter “, ” \(detected\), quote “"” \(detected\), no escape \(detected\), 2 rows skipped before the header \(detected\), 1 header row, encoding utf-8\. Confidence \d+%\.$/,
  );
}

describe('a messy CSV in a real browser', () => {
  beforeEach(async () => {
    ({ page } = await session().browser.newPage());
  });

  it('uploaded as a file with the defaults: says what it sniffed and skipped, and gives the exact JSON', async () => {
    await openCsvToJson();
    await page.getByTestId('file-input').setInputFiles({
      name: 'export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(EXPORT),
    });
    await page.getByText('export.csv').first().waitFor();
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText(/^export\.csv converted to /).waitFor();
    await expectSniffedReading();
    expect(await downloadedText('Download JSON')).toBe(FILE_JSON);
  });

  it('uploaded in Windows-1252: read in it, said so, and the preview shows what the download holds', async () => {
    await openCsvToJson();
    // "name,price\ncafé “noir”,€5\n" as a spreadsheet on Windows saves it.
    const bytes = Buffer.concat([
      Buffer.from('name,price\ncaf'),
      Buffer.from([0xe9, 0x20, 0x93]),
      Buffer.from('noir'),
      Buffer.from([0x94, 0x2c, 0x80]),
      Buffer.from('5\n'),
    ]);
    await page.getByTestId('file-input').setInputFiles({ name: 'menu.csv', mimeType: 'text/csv', buffer: bytes });
    await page.getByText('menu.csv').first().waitFor();
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText(/^menu\.csv converted to /).waitFor();
    expect(await page.getByTestId('csv-dialect').textContent()).toContain('encoding windows-1252');
    await page.getByRole('cell', { name: 'café “noir”' }).waitFor();
    await page.getByRole('cell', { name: '€5' }).waitFor();
    expect(await downloadedText('Download JSON')).toBe('[\n{"name":"café “noir”","price":"€5"}\n]\n');
  });

  it("uploaded with Excel's sep= first line: its delimiter taken, the line skipped and said so", async () => {
    await openCsvToJson();
    await page.getByTestId('file-input').setInputFiles({
      name: 'excel.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sep=;\r\nname;age\r\nAda;36\r\n'),
    });
    await page.getByText('excel.csv').first().waitFor();
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText(/^excel\.csv converted to /).waitFor();
    expect(await page.getByTestId('csv-dialect').textContent()).toContain(
      'Read with delimiter “;” (detected), quote “"” (detected), no escape (detected), 1 row skipped before the header (detected)',
    );
    expect(await downloadedText('Download JSON')).toBe('[\n{"name":"Ada","age":36}\n]\n');
  });

  it('pasted with the defaults: the same reading and the same records', async () => {
    await openCsvToJson();
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page.getByLabel('CSV text').fill(EXPORT);
    await page.getByRole('button', { name: 'Convert CSV Text' }).click();
    await page.getByText('Your CSV was converted to JSON.').waitFor();
    await expectSniffedReading();
    const pasted = await downloadedText('Download JSON');
    expect(pasted).toBe(PASTED_JSON);
    expect(JSON.parse(pasted)).toEqual(JSON.parse(FILE_JSON));
  });
});
