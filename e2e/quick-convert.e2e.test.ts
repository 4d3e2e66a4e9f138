import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startInProcessServer } from './support/in-process-server.js';
import { inspectBothThemes } from './support/screenshots.js';
import { signedOutBrowser } from './support/signed-in-browser.js';
import { openedForBlock } from './support/steps.js';

// The landing page's quick convert as a visitor with no account uses it: small inputs convert as they type,
// in the browser, both ways, with the output text, Copy and the table, and none of the address's 3
// conversions used; Convert (here Ctrl+Enter) sends the input to the server, which counts it, for the download.

const BIG = '12345678901234567890';
const TINY = '0.1000000000000000055';
const RECORDS = `[{"id":${BIG},"name":"Ada Lovelace","tags":["math","code"],"address":{"city":"London"}},{"id":2,"name":"Grace, Hopper","price":${TINY}}]`;
const RECORDS_CSV = `id,name,tags.0,tags.1,address.city,price\n${BIG},Ada Lovelace,math,code,London,\n2,"Grace, Hopper",,,,${TINY}\n`;
const CSV = `id,name,address.city\n${BIG},Ada Lovelace,London\n2,"Grace, Hopper",\n`;
const CSV_AS_JSON = `[\n{"id":${BIG},"name":"Ada Lovelace","address":{"city":"London"}},\n{"id":2,"name":"Grace, Hopper","address":{"city":null}}\n]\n`;
const TIMEOUT_MS = 30_000;

const server = openedForBlock(() => startInProcessServer().then((started) => ({ ...started, close: started.stop })));
const browser = openedForBlock(() =>
  signedOutBrowser(server().url, { timeoutMs: TIMEOUT_MS, permissions: ['clipboard-read', 'clipboard-write'] }),
);

/** A fresh signed-out landing page, and the quick conversions it sends to the server. */
async function openLanding(): Promise<{ page: Page; sent: string[] }> {
  const { page } = await browser().newSignedOutPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/convert/simple') sent.push(request.headers()['content-type'] ?? '');
  });
  await page.goto(server().url);
  return { page, sent };
}

/** Drops a file on the quick convert's drop zone, as a person dragging it from their desktop does. */
async function dropFile(page: Page, name: string, content: string | number[], type: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content, type }) => {
      const transfer = new DataTransfer();
      const body = typeof content === 'string' ? content : new Uint8Array(content);
      transfer.items.add(new File([body], name, { type }));
      return transfer;
    },
    { name, content, type },
  );
  await page.getByText('Drop a JSON or CSV file here').dispatchEvent('drop', { dataTransfer });
}

describe('quick convert on the landing page', () => {
  it('converts pasted JSON as you type: the CSV text, Copy puts it on the clipboard, and nothing is sent', async () => {
    const { page, sent } = await openLanding();
    await page.getByLabel('JSON', { exact: true }).fill(RECORDS);
    await expect.poll(() => page.getByLabel('CSV output').inputValue(), { timeout: TIMEOUT_MS }).toBe(RECORDS_CSV);
    await page.getByText('Converted in your browser, which uses no conversion. Convert to download it.').waitFor();
    await page.getByRole('button', { name: 'Copy CSV' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(RECORDS_CSV);
    const table = page.getByRole('region', { name: 'Result preview' });
    await table.getByRole('cell', { name: BIG }).waitFor();
    expect(await table.getByRole('cell', { name: TINY }).count()).toBe(1);
    expect(sent).toEqual([]);
    await inspectBothThemes(page, 'quick-convert-as-you-type');
  });

  it('says as you type when a record holds a key twice, or a string half a character, and what the CSV holds', async () => {
    const { page, sent } = await openLanding();
    await page
      .getByLabel('JSON', { exact: true })
      .fill(String.raw`[{"id":1,"name":"Ada","name":"Ada Lovelace","bio":"cut \ud83d"}]`);
    await expect
      .poll(() => page.getByLabel('CSV output').inputValue(), { timeout: TIMEOUT_MS })
      .toBe('id,name,bio\n1,Ada Lovelace,cut \ufffd\n');
    await page
      .getByText(
        "Record 1 holds a key more than once in one object ('name'); only its last value is converted, as JSON.parse keeps it.",
      )
      .waitFor();
    await page
      .getByText(
        '1 string holds a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\ufffd) in its place (bio: "cut \\ud83d").',
      )
      .waitFor();
    expect(sent).toEqual([]);
    await inspectBothThemes(page, 'quick-convert-duplicate-keys');
  });

  it('turns a dropped CSV file into JSON text; Ctrl+Enter converts it on the server, and the download holds those bytes', async () => {
    const { page, sent } = await openLanding();
    await dropFile(page, 'people.csv', CSV, 'text/csv');
    expect(await page.getByLabel('CSV', { exact: true }).inputValue()).toBe(CSV);
    await page.getByText('Detected: CSV.').waitFor();
    expect(await page.getByRole('combobox', { name: 'Direction' }).textContent()).toBe('CSV to JSON');
    await expect.poll(() => page.getByLabel('JSON output').inputValue(), { timeout: TIMEOUT_MS }).toBe(CSV_AS_JSON);
    expect(sent).toEqual([]);

    await page.getByLabel('CSV', { exact: true }).press('Control+Enter');
    await page.getByText(/^2 of 3 free conversions left\. Another comes back in 24 hours \(.+\)\.$/).waitFor();
    expect(sent).toEqual(['text/csv']);
    // The server's result takes focus, so it is in view and read out.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('JSON');
    expect(await page.getByLabel('JSON output').inputValue()).toBe(CSV_AS_JSON);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('people.json');
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.toString('hex')).toBe(Buffer.from(CSV_AS_JSON).toString('hex'));
    await page.getByRole('region', { name: 'Result preview' }).getByRole('cell', { name: 'Grace, Hopper' }).waitFor();
    await inspectBothThemes(page, 'quick-convert-csv-dropped');
  });

  it('reads a dropped Windows-1252 file as Windows-1252 and says so: the accents, quotes and euro sign come through', async () => {
    const { page } = await openLanding();
    // "name,price\ncafé “noir”,€5\n" as a spreadsheet on Windows saves it.
    const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
    const bytes = [...ascii('name,price\ncaf'), 0xe9, 0x20, 0x93, ...ascii('noir'), 0x94, 0x2c, 0x80, ...ascii('5\n')];
    await dropFile(page, 'menu.csv', bytes, 'text/csv');
    await page
      .getByText('menu.csv is not UTF-8: it was read as windows-1252. Check its characters before converting.')
      .waitFor();
    expect(await page.getByLabel('CSV', { exact: true }).inputValue()).toBe('name,price\ncafé “noir”,€5\n');
    await expect
      .poll(() => page.getByLabel('JSON output').inputValue(), { timeout: TIMEOUT_MS })
      .toContain('"name":"café “noir”"');
    await inspectBothThemes(page, 'quick-convert-windows-1252');
  });

  it('reads a dropped Turkish Windows-1254 file as Turkish, not as the ISO-8859-2 chardet guesses', async () => {
    const { page } = await openLanding();
    // Turkish provinces as Windows-1254 (and ISO-8859-9) stores them. Read as Latin-1, ı İ ş ğ are Icelandic
    // letters (ý Ý þ ð): Ç, which Icelandic does not write, tells them apart.
    const turkish: Record<string, number> = { ı: 0xfd, İ: 0xdd, Ş: 0xde, Ç: 0xc7, ğ: 0xf0 };
    const text = 'il,plaka\nAdıyaman,02\nÇanakkale,17\nİstanbul,34\nMuğla,48\nŞanlıurfa,63\n';
    await dropFile(
      page,
      'iller.csv',
      [...text].map((c) => turkish[c] ?? c.charCodeAt(0)),
      'text/csv',
    );
    await page
      .getByText('iller.csv is not UTF-8: it was read as windows-1254. Check its characters before converting.')
      .waitFor();
    expect(await page.getByLabel('CSV', { exact: true }).inputValue()).toBe(text);
    await expect
      .poll(() => page.getByLabel('JSON output').inputValue(), { timeout: TIMEOUT_MS })
      .toContain('"il":"Şanlıurfa"');
  });

  it('converts 100 KB as you type, the last record included, and reports the long tasks of the page thread', async () => {
    const { page, sent } = await openLanding();
    // Every task of the page's thread over 50 ms, from here on.
    await page.evaluate(() => {
      const found: number[] = [];
      Object.assign(window, { longTasks: found });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) found.push(Math.round(entry.duration));
      }).observe({ type: 'longtask' });
    });
    const records = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"name":"Person ${i}","tags":["a","b"]}`);
    const json = `[${records.join(',')}]`;
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(100 * 1024);
    await page.getByLabel('JSON', { exact: true }).fill(json);
    await expect
      .poll(() => page.getByLabel('CSV output').inputValue(), { timeout: TIMEOUT_MS })
      .toMatch(/\n1999,Person 1999,a,b\n$/);
    await page.getByText('First 20 of 2,000 rows, 4 columns').waitFor();
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    // Reported, not asserted: on a shared machine their length says more about the load than about the page.
    console.log(
      `quick convert, ${Buffer.byteLength(json)} bytes as you type: main-thread tasks over 50 ms: ${JSON.stringify(longTasks)}`,
    );
    expect(sent).toEqual([]);
  });
});
