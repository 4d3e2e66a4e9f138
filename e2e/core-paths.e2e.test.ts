import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../packages/server/dist/admin/command.js';
import { startInProcessServer } from './support/in-process-server.js';
import { inspectBothThemes } from './support/screenshots.js';
import { chooseOption } from './support/select-option.js';
import { signedOutBrowser } from './support/signed-in-browser.js';
import { signedInAccount } from './support/signed-up-session.js';
import { openedForBlock, stepOnce } from './support/steps.js';

// The spec's core paths on every plan, as a person walks them: JSON to CSV and CSV to JSON, from a file and
// from pasted text, with the default options and with each option changed once, checking the downloaded
// bytes. Anonymous visitors have the quick convert on the landing page. No string of the data starts with
// = + - @ (what the formula guard does to those is checked on one `=` cell, guarded under any rule).

const BIG = '12345678901234567890';
const TINY = '0.1000000000000000055';
const RECORDS = `[{"id":${BIG},"name":"Ada Lovelace","tags":["math","code"],"address":{"city":"London"}},{"id":2,"name":"Grace, Hopper","price":${TINY}}]`;
const HEADER = ['id', 'name', 'tags.0', 'tags.1', 'address.city', 'price'];
const ROWS = [
  [BIG, 'Ada Lovelace', 'math', 'code', 'London', ''],
  ['2', '"Grace, Hopper"', '', '', '', TINY],
];
const table = (delimiter: string, header = HEADER, rows = ROWS) =>
  [header, ...rows].map((row) => `${row.join(delimiter)}\n`).join('');
const DEFAULT_CSV = table(',');
const JSON_ARRAYS_CSV = table(
  ',',
  ['id', 'name', 'tags', 'address.city', 'price'],
  [
    [BIG, 'Ada Lovelace', '"[""math"",""code""]"', 'London', ''],
    ['2', '"Grace, Hopper"', '', '', TINY],
  ],
);
const FORMULA = '[{"total":"=1+1","n":1}]';

const CSV = `id,name,address.city\n${BIG},Ada Lovelace,London\n2,"Grace, Hopper",\n`;
const CSV_AS_JSON = `[\n{"id":${BIG},"name":"Ada Lovelace","address":{"city":"London"}},\n{"id":2,"name":"Grace, Hopper","address":{"city":null}}\n]\n`;
// Pipes between the cells and a comma inside one: only the chosen delimiter reads it as two columns.
const PIPE_CSV = 'id|name\n1|Grace, Hopper\n';
const PIPE_CSV_AS_JSON = '[\n{"id":1,"name":"Grace, Hopper"}\n]\n';

const PASSWORD = 'correct horse battery';
const stamp = Date.now().toString(36);

const server = openedForBlock(() => startInProcessServer().then((started) => ({ ...started, close: started.stop })));
const TIMEOUT_MS = 30_000;

async function downloadedBytes(page: Page, button: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return fs.readFileSync(await download.path());
}

type Direction = 'json-to-csv' | 'csv-to-json';
type Input = 'file' | 'text';

/**
 * Converts on a fresh converter page (the account's saved options): the direction, a file or pasted text,
 * one option changed by `change`; answers the downloaded bytes.
 */
async function convert(
  page: Page,
  conversion: {
    direction: Direction;
    input: Input;
    content: string;
    change?: (page: Page) => Promise<void>;
    download: string;
  },
): Promise<Buffer> {
  await page.goto(`${server().url}/convert`);
  await page.getByRole('heading', { name: 'Data Conversion Tool' }).waitFor();
  // The options start from the saved settings: let them arrive before one is changed.
  await page.waitForLoadState('networkidle');
  const source = conversion.direction === 'json-to-csv' ? 'JSON' : 'CSV';
  if (conversion.direction === 'csv-to-json') await page.getByRole('button', { name: 'CSV to JSON' }).click();
  const name = `data-${randomUUID().slice(0, 8)}.${source.toLowerCase()}`;
  if (conversion.input === 'file') {
    await page.getByTestId('file-input').setInputFiles({
      name,
      mimeType: conversion.direction === 'json-to-csv' ? 'application/json' : 'text/csv',
      buffer: Buffer.from(conversion.content),
    });
    await page.getByText(name).first().waitFor();
  } else {
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page.getByLabel(`${source} text`).fill(conversion.content);
  }
  await conversion.change?.(page);
  await page
    .getByRole('button', { name: `Convert ${source} ${conversion.input === 'file' ? 'File' : 'Text'}` })
    .click();
  const done =
    conversion.input === 'file'
      ? page.getByText(new RegExp(`^${name.replace('.', '\\.')} converted to `))
      : page.getByText(
          conversion.direction === 'json-to-csv' ? 'Your JSON was converted.' : 'Your CSV was converted to JSON.',
        );
  await done.waitFor();
  return downloadedBytes(page, conversion.download);
}

/** The text of a download, which must not start with a byte order mark. */
function text(bytes: Buffer): string {
  expect(bytes.subarray(0, 3).toString('hex')).not.toBe('efbbbf');
  return bytes.toString('utf8');
}

/** The first cell of the first row under the header. */
function firstCell(csv: string): string | undefined {
  return csv.split('\n')[1]?.split(',')[0];
}

/**
 * The matrix for a signed-in account: every path with the defaults, then each option changed once
 * (alternating file and pasted text). `tsv` is how TSV is offered to it; undefined when its plan refuses it.
 */
function signedInMatrix(account: { label: string; tsv?: string; setUp: (email: string) => Promise<void> }) {
  const email = `e2e-core-${account.label}-${stamp}@example.com`;
  // Signed in once for the block; each test converts on a fresh signed-in page.
  const browser = openedForBlock(() =>
    signedInAccount(server(), email, PASSWORD, {
      prepare: () => account.setUp(email),
      timeoutMs: TIMEOUT_MS,
    }),
  );
  const page = async () => (await browser().newPage()).page;

  for (const input of ['file', 'text'] as const) {
    it(`JSON to CSV from a ${input}, default options: the exact CSV`, async () => {
      const bytes = await convert(await page(), {
        direction: 'json-to-csv',
        input,
        content: RECORDS,
        download: 'Download CSV',
      });
      expect(text(bytes)).toBe(DEFAULT_CSV);
    });

    it(`CSV to JSON from a ${input}, default options: the exact JSON`, async () => {
      const bytes = await convert(await page(), {
        direction: 'csv-to-json',
        input,
        content: CSV,
        download: 'Download JSON',
      });
      // Pasted CSV's JSON is the records as the API's answer holds them: no line break after the last.
      expect(text(bytes)).toBe(input === 'file' ? CSV_AS_JSON : CSV_AS_JSON.trimEnd());
    });
  }

  it('JSON to CSV from a file, semicolon delimiter', async () => {
    const bytes = await convert(await page(), {
      direction: 'json-to-csv',
      input: 'file',
      content: RECORDS,
      change: (p) => chooseOption(p, 'Delimiter', 'Semicolon ( ; )'),
      download: 'Download CSV',
    });
    expect(text(bytes)).toBe(table(';'));
  });

  it('JSON to CSV from pasted text, arrays as JSON text', async () => {
    const bytes = await convert(await page(), {
      direction: 'json-to-csv',
      input: 'text',
      content: RECORDS,
      change: (p) => chooseOption(p, 'Arrays', 'JSON text in one cell'),
      download: 'Download CSV',
    });
    expect(text(bytes)).toBe(JSON_ARRAYS_CSV);
  });

  it('JSON to CSV from a file, with the UTF-8 BOM', async () => {
    const bytes = await convert(await page(), {
      direction: 'json-to-csv',
      input: 'file',
      content: RECORDS,
      change: (p) => p.getByLabel('UTF-8 BOM for Excel').check(),
      download: 'Download CSV',
    });
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(bytes.subarray(3).toString('utf8')).toBe(DEFAULT_CSV);
  });

  it('JSON to CSV from pasted text: a formula cell is guarded by default, and kept with Spreadsheet-safe off', async () => {
    const converter = await page();
    const guarded = await convert(converter, {
      direction: 'json-to-csv',
      input: 'text',
      content: FORMULA,
      download: 'Download CSV',
    });
    expect(firstCell(text(guarded))).toBe("'=1+1");
    const unchanged = await convert(converter, {
      direction: 'json-to-csv',
      input: 'text',
      content: FORMULA,
      change: (p) => p.getByLabel('Spreadsheet-safe').uncheck(),
      download: 'Download CSV',
    });
    expect(firstCell(text(unchanged))).toBe('=1+1');
  });

  it('JSON to CSV output format TSV, where the plan or a credit allows it', async () => {
    if (account.tsv === undefined) {
      const converter = await page();
      await converter.goto(`${server().url}/convert`);
      await converter.waitForLoadState('networkidle');
      await converter.getByRole('combobox', { name: 'Output format' }).click();
      const offered = converter.getByRole('option', { name: 'TSV (upgrade)', exact: true });
      expect(await offered.getAttribute('aria-disabled')).toBe('true');
      await converter.keyboard.press('Escape');
      return;
    }
    const tsv = account.tsv;
    const bytes = await convert(await page(), {
      direction: 'json-to-csv',
      input: 'file',
      content: RECORDS,
      change: (p) => chooseOption(p, 'Output format', tsv),
      download: 'Download TSV',
    });
    expect(text(bytes)).toBe(table('\t'));
  });

  it('CSV to JSON from pasted text, the delimiter chosen', async () => {
    const bytes = await convert(await page(), {
      direction: 'csv-to-json',
      input: 'text',
      content: PIPE_CSV,
      change: (p) => chooseOption(p, 'Delimiter', 'Pipe ( | )'),
      download: 'Download JSON',
    });
    expect(text(bytes)).toBe(PIPE_CSV_AS_JSON.trimEnd());
  });
}

describe('anonymous: the quick convert on the landing page', () => {
  // One visitor (one address, whose quick conversions the server counts), a fresh page for each test; a test
  // that needs the conversions an earlier one made takes those steps first, so each test runs alone.
  const browser = openedForBlock(() => signedOutBrowser(server().url, { timeoutMs: TIMEOUT_MS }));
  let page: Page;
  // The quick conversions this visitor's pages sent, in order.
  const quickConverts: string[] = [];

  async function openLanding(): Promise<void> {
    ({ page } = await browser().newSignedOutPage());
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/convert/simple') quickConverts.push(request.url());
    });
    await page.goto(server().url);
  }

  async function quickConvert(json: string): Promise<void> {
    await page.getByLabel('JSON', { exact: true }).fill(json);
    await page.getByRole('button', { name: 'Convert to CSV' }).click();
  }

  const convertWithDefaults = stepOnce(async () => {
    await openLanding();
    await quickConvert(RECORDS);
    await page.getByText(/^2 of 3 free conversions left\. Another comes back in 24 hours \(.+\)\.$/).waitFor();
    expect(text(await downloadedBytes(page, 'Download CSV'))).toBe(DEFAULT_CSV);
  });

  const convertFormula = stepOnce(async () => {
    await convertWithDefaults();
    await openLanding();
    await quickConvert(FORMULA);
    await page.getByText(/^1 of 3 free conversions left\./).waitFor();
    expect(await page.getByTestId('formula-guard-notice').textContent()).toContain(
      `Spreadsheet-safe put a ' before 1 cell that a spreadsheet would run as a formula, for example total: "=1+1".`,
    );
    expect(firstCell(text(await downloadedBytes(page, 'Download CSV')))).toBe("'=1+1");
    await inspectBothThemes(page, 'quick-convert-formula-guard');
  });

  it('converts pasted JSON with its defaults: the exact CSV, and says 2 of 3 are left', async () => {
    await convertWithDefaults();
  });

  it('checks the JSON in the browser: a typo shows the reason with its position and uses no conversion', async () => {
    await convertWithDefaults();
    await openLanding();
    await quickConvert('[{"a": 1},\n {"b": }]');
    await page
      .getByText(
        /^This is not JSON the converter can read: .+ \(line 2, column 8, record 2\)\. Nothing was sent, so no conversion was used\.$/,
      )
      .waitFor();
    expect(quickConverts).toHaveLength(1);
  });

  it('guards a formula cell (Spreadsheet-safe is on) and says so on the result', async () => {
    await convertFormula();
  });

  it('after the third, says when the next comes back, as a sentence with a link that opens sign-in', async () => {
    await convertFormula();
    await openLanding();
    await quickConvert(RECORDS);
    const limit = page.getByText(/^You have used the 3 free quick conversions of the last 24 hours\./);
    await limit.waitFor();
    expect(await limit.textContent()).toMatch(
      /The next one comes back in 24 hours \(.+\)\. Sign in to convert more\.$/,
    );
    expect(await page.getByRole('button', { name: 'Convert to CSV' }).isDisabled()).toBe(true);
    expect(text(await downloadedBytes(page, 'Download CSV'))).toBe(DEFAULT_CSV);
    await inspectBothThemes(page, 'quick-convert-limit');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(quickConverts).toHaveLength(3);
  });
});

describe('Free', () => {
  signedInMatrix({ label: 'free', setUp: async () => {} });
});

describe('a credit holder (Free plan, conversion credits)', () => {
  signedInMatrix({
    label: 'credits',
    tsv: 'TSV (1 credit)',
    setUp: async (email) => {
      const user = await server().built.auth.findByEmail(email);
      await server().built.payments.addCreditsByOperator({
        requestId: randomUUID(),
        userId: user.user_id,
        grantedBy: user.user_id,
        credits: 3,
        reason: 'e2e credit holder',
      });
    },
  });
});

describe('Professional', () => {
  signedInMatrix({
    label: 'pro',
    tsv: 'TSV',
    setUp: async (email) => {
      await runAdminCommand(['grant', email, 'professional'], server().built.auth, server().built.payments);
    },
  });
});
