import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversionOptions } from './conversion-options';
import { type ConversionChoices, choicesFromSettings, csvDialectFields, optionFields } from './conversion-settings';

afterEach(cleanup);

/** The options form as the converter holds it; `seen` gets every state it moves to. */
function Harness({ seen }: { seen: ConversionChoices[] }) {
  const [choices, setChoices] = useState(() => choicesFromSettings(undefined, 'csv-to-json'));
  return (
    <ConversionOptions
      mode="csv-to-json"
      value={choices}
      onChange={(next) => {
        seen.push(next);
        setChoices(next);
      }}
      allowedFormats={undefined}
      creditsLeft={0}
      analysisForCredit={false}
      disabled={false}
    />
  );
}

type Step = { control: 'select'; name: string; option: string } | { control: 'checkbox'; name: string };

/** Each csv2json option of the CLI: the control a person uses, and what the request then carries. */
const OPTIONS: { flag: string; step: Step; pasted: Record<string, unknown>; file: Record<string, string> }[] = [
  {
    flag: '--delimiter',
    step: { control: 'select', name: 'Delimiter', option: 'Semicolon ( ; )' },
    pasted: { delimiter: ';' },
    file: { delimiter: ';' },
  },
  {
    flag: '--quote',
    step: { control: 'select', name: 'Quote', option: "Single quote ( ' )" },
    pasted: { quote: "'" },
    file: { quote: "'" },
  },
  {
    flag: '--escape',
    step: { control: 'select', name: 'Escape inside quotes', option: 'Backslash ( \\" )' },
    pasted: { escape: '\\' },
    file: { escape: '\\' },
  },
  {
    flag: '--skip-rows',
    step: { control: 'select', name: 'Rows before the header', option: '2' },
    pasted: { skip_rows: 2 },
    file: { skip_rows: '2' },
  },
  {
    flag: '--header-rows',
    step: { control: 'select', name: 'Header rows', option: '3' },
    pasted: { header_rows: 3 },
    file: { header_rows: '3' },
  },
  {
    flag: '--types / --no-types',
    step: { control: 'select', name: 'Types', option: 'Everything as text' },
    pasted: { types: 'strings' },
    file: { types: 'strings' },
  },
  {
    flag: '--encoding',
    step: { control: 'select', name: 'File encoding', option: 'Latin-1 (ISO-8859-1)' },
    pasted: {},
    file: { encoding: 'latin1' },
  },
  {
    flag: '--pretty',
    step: { control: 'select', name: 'JSON output', option: 'One array, indented (pretty)' },
    pasted: { pretty: true },
    file: { pretty: 'true' },
  },
  {
    flag: '--ndjson',
    step: { control: 'select', name: 'JSON output', option: 'JSON Lines (one record per line)' },
    pasted: { ndjson: true },
    file: { ndjson: 'true' },
  },
  {
    flag: '--separator',
    step: { control: 'select', name: 'Nested key separator', option: 'Slash ( user/name )' },
    pasted: { separator: '/' },
    file: { separator: '/' },
  },
  {
    flag: '--no-unflatten',
    step: { control: 'checkbox', name: 'Nest dotted headers' },
    pasted: { unflatten: false },
    file: { unflatten: 'false' },
  },
  {
    flag: '--no-header',
    step: { control: 'checkbox', name: 'First row is the header' },
    pasted: { header: false },
    file: { header: 'false' },
  },
];

describe('CSV to JSON offers every csv2json option of the CLI', () => {
  it('sends nothing but the format and the saved Spreadsheet-safe by default, as before', () => {
    const defaults = choicesFromSettings(undefined, 'csv-to-json');
    expect(csvDialectFields(defaults)).toEqual({});
    expect(optionFields('csv-to-json', defaults)).toEqual({ output_format: 'json', excel_safe: 'true' });
  });

  it.each(OPTIONS)('$flag: the request carries the option chosen', async ({ step, pasted, file }) => {
    const seen: ConversionChoices[] = [];
    render(<Harness seen={seen} />);
    const user = userEvent.setup();
    if (step.control === 'select') {
      await user.click(screen.getByRole('combobox', { name: step.name }));
      await user.click(screen.getByRole('option', { name: step.option }));
    } else await user.click(screen.getByRole('checkbox', { name: step.name }));
    const chosen = seen.at(-1);
    if (!chosen) throw new Error('the option did not change');
    // Pasted CSV goes as the JSON body of /api/convert/csv-to-json, a file as multipart fields.
    expect(csvDialectFields(chosen)).toEqual(pasted);
    expect(optionFields('csv-to-json', chosen)).toEqual({ output_format: 'json', ...file, excel_safe: 'true' });
  });

  it('--excel-safe: Undo Spreadsheet-safe follows its box', async () => {
    const seen: ConversionChoices[] = [];
    render(<Harness seen={seen} />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Undo Spreadsheet-safe' }));
    expect(optionFields('csv-to-json', seen.at(-1) as ConversionChoices)).toEqual({
      output_format: 'json',
      excel_safe: 'false',
    });
  });

  it('keeps the separator and nesting for a header, and disables them without one', async () => {
    render(<Harness seen={[]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'First row is the header' }));
    expect((screen.getByRole('checkbox', { name: 'Nest dotted headers' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Nested key separator' }).getAttribute('aria-disabled')).toBe('true');
  });
});
