import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../packages/server/dist/admin/command.js';
import { inspectBothThemes } from './support/screenshots.js';
import { chooseOption } from './support/select-option.js';
import { signedUpSession } from './support/signed-up-session.js';
import { openedForBlock } from './support/steps.js';

// The converter's options as a person uses them: CSV to JSON with the CLI's csv2json options, the records path
// of a JSON document chosen again after the first conversion said what it left out, and the smart column names
// of the analysis applied to the download's header.

const EMAIL = `e2e-web-options-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';
const PEOPLE = 'id,user.name\n1,Ada\n2,Bo\n';
const WRAPPED = '{"data":{"users":[{"name":"Ada"},{"name":"Bo"}],"total":2},"meta":{"source":"crm","page":1}}';

const NESTED = '[{"name":"Ada","user":{"addr":{"zip":"10115"}}},{"name":"Bo","user":{"addr":{"zip":"20095"}}}]';

// A plan with the analysis, which proposes the smart column names. The operator command runs in this process.
const session = openedForBlock(() =>
  signedUpSession({}, EMAIL, PASSWORD, async (server) => {
    await runAdminCommand(['grant', EMAIL, 'professional'], server.built.auth, server.built.payments);
  }),
);
let page: Page;

/** Clicks the download button and answers the file's name and bytes as text. */
async function downloaded(button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path(), 'utf8') };
}

/** A fresh signed-in converter page, its saved options loaded. */
async function openConverter(): Promise<void> {
  ({ page } = await session().browser.newPage('/convert'));
  await page.getByRole('heading', { name: 'Data Conversion Tool' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('conversion options in a real browser', () => {
  it('converts a CSV file to JSON Lines with its dotted headers kept flat', async () => {
    await openConverter();
    await page.getByRole('button', { name: 'CSV to JSON' }).click();
    // Before choosing: a theme switch saves the setting, and the options start from the saved settings again.
    await inspectBothThemes(page, 'csv-to-json-options');
    await chooseOption(page, 'JSON output', 'JSON Lines (one record per line)');
    await page.getByRole('checkbox', { name: 'Nest dotted headers' }).uncheck();
    await page.getByTestId('file-input').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(PEOPLE),
    });
    await page.getByText('people.csv').first().waitFor();
    await page.getByRole('button', { name: 'Convert CSV File' }).click();
    await page.getByText(/^people\.csv converted to /).waitFor();
    const file = await downloaded('Download JSON');
    expect(file.name).toBe('people.jsonl');
    expect(file.text).toBe('{"id":1,"user.name":"Ada"}\n{"id":2,"user.name":"Bo"}\n');
  });

  it('converts pasted CSV to indented JSON with headers split at a slash', async () => {
    await openConverter();
    await page.getByRole('button', { name: 'CSV to JSON' }).click();
    await chooseOption(page, 'JSON output', 'One array, indented (pretty)');
    await chooseOption(page, 'Nested key separator', 'Slash ( user/name )');
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page.getByLabel('CSV text').fill('id,user/name\n1,Ada\n');
    await page.getByRole('button', { name: 'Convert CSV Text' }).click();
    await page.getByText('Your CSV was converted to JSON.').waitFor();
    const file = await downloaded('Download JSON');
    // Pasted CSV's JSON is the answer's `data` as written, without the file's closing line break.
    expect(file.text).toBe('[\n  {\n    "id": 1,\n    "user": {\n      "name": "Ada"\n    }\n  }\n]');
  });

  it('shows where the records were found and what was left out, and converts the whole document when asked', async () => {
    await openConverter();
    await page.getByTestId('file-input').setInputFiles({
      name: 'crm.json',
      mimeType: 'application/json',
      buffer: Buffer.from(WRAPPED),
    });
    await page.getByText('crm.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByText('Records found at data.users (2 records).').waitFor();
    const leftOut = await page.getByRole('region', { name: 'Records path' }).getByRole('alert').textContent();
    await page.getByRole('region', { name: 'Records path' }).scrollIntoViewIfNeeded();
    await inspectBothThemes(page, 'records-path');
    expect(leftOut).toMatch(/^Left out of the conversion: meta \(\d+ Bytes\), data\.total \(1 Bytes?\)\./);
    expect((await downloaded('Download CSV')).text).toBe('name\nAda\nBo\n');

    await chooseOption(page, 'Records path', 'The whole document: each top-level member a row');
    await page.getByRole('button', { name: 'Convert with this records path' }).click();
    await page.getByText('The records are the members of the whole document (2 records).').waitFor();
    expect((await downloaded('Download CSV')).text).toBe(
      'key,users.0.name,users.1.name,total,source,page\ndata,Ada,Bo,2,,\nmeta,,,,crm,1\n',
    );
  });

  it('says when a record holds a key twice or a string half a character, for a file and for pasted JSON', async () => {
    await openConverter();
    await page.getByTestId('file-input').setInputFiles({
      name: 'twice.json',
      mimeType: 'application/json',
      buffer: Buffer.from(String.raw`[{"id":1,"u":{"x":1,"x":3}},{"id":2,"u":{"x":4},"t":"cut \ud83d"}]`),
    });
    await page.getByText('twice.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    const said =
      "Record 1 holds a key more than once in one object ('u.x'); only its last value is converted, as JSON.parse keeps it.";
    const half =
      '1 string holds a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\ufffd) in its place (t: "cut \\ud83d").';
    await page.getByText(said).waitFor();
    await page.getByText(half).waitFor();
    expect((await downloaded('Download CSV')).text).toBe('id,u.x,t\n1,3,\n2,4,cut \ufffd\n');
    await inspectBothThemes(page, 'duplicate-keys');
    // Pasted, the download answer is the bytes only: the browser's engine finds it.
    await openConverter();
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page.getByLabel('JSON text').fill(String.raw`[{"id":1,"u":{"x":1,"x":3},"t":"cut \ud83d"}]`);
    await page.getByRole('button', { name: 'Convert JSON Text' }).click();
    await page.getByText('Your JSON was converted.').waitFor();
    await page.getByText(said).waitFor();
    await page.getByText(half).waitFor();
    expect((await downloaded('Download CSV')).text).toBe('id,u.x,t\n1,3,cut \ufffd\n');
  });

  it("downloads the CSV with the analysis's smart column names as its header row", async () => {
    await openConverter();
    await page.getByTestId('file-input').setInputFiles({
      name: 'people.json',
      mimeType: 'application/json',
      buffer: Buffer.from(NESTED),
    });
    await page.getByText('people.json').first().waitFor();
    await page.getByRole('button', { name: 'Convert JSON File' }).click();
    await page.getByText('people.json converted to CSV').waitFor();
    const paths = await downloaded('Download CSV');
    // Zip codes are text in the JSON: quoted, so they read back as text.
    expect(paths.text).toBe('name,user.addr.zip\nAda,"10115"\nBo,"20095"\n');
    const card = page.getByRole('region', { name: 'AI-Powered Analysis' });
    await card.getByRole('button', { name: /Smart Column Names/ }).click();
    await card.getByText('User Address ZIP').waitFor();
    const named = await downloaded('Download CSV with these names');
    expect(named.name).toBe('people.csv');
    const [header, ...rows] = named.text.split('\n');
    expect(header).toBe('Name,User Address ZIP');
    // The data rows are the stored bytes as they are.
    expect(rows.join('\n')).toBe(paths.text.slice(paths.text.indexOf('\n') + 1));
  });
});
