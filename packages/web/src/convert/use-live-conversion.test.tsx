import { renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@unnest/contracts';
import { describe, expect, it } from 'vitest';
import { choicesFromSettings } from '../components/conversion-options';
import type { LiveRequest } from './live-conversion';
import { useLiveConversion } from './use-live-conversion';

const guarded = choicesFromSettings({ ...DEFAULT_SETTINGS, excel_safe: true }, 'json-to-csv');
const JSON_TEXT = '[{"id": 12345678901234567890, "f": "=SUM(A1)"}]';

function request(text: string, choices = guarded): LiveRequest {
  return { text, mode: 'json-to-csv', choices, plan: undefined };
}

describe('conversion as the text is typed', () => {
  it('converts once typing pauses, with what Spreadsheet-safe changed, and follows the option', async () => {
    const { result, rerender } = renderHook(({ asked }) => useLiveConversion(asked), {
      initialProps: { asked: request(JSON_TEXT) as LiveRequest | null },
    });
    expect(result.current.status).toBe('idle');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current).toMatchObject({
      outcome: {
        kind: 'live',
        text: "id,f\n12345678901234567890,'=SUM(A1)\n",
        preview: {
          kind: 'table',
          table: { header: ['id', 'f'], rows: [['12345678901234567890', "'=SUM(A1)"]], totalRows: 1 },
        },
        formulaGuard: { cells: 1, examples: [{ column: 'f', value: '=SUM(A1)' }] },
      },
    });

    rerender({ asked: request(JSON_TEXT, { ...guarded, excelSafe: false }) });
    await waitFor(() =>
      expect(result.current).toMatchObject({
        outcome: { text: 'id,f\n12345678901234567890,=SUM(A1)\n', formulaGuard: null },
      }),
    );

    rerender({ asked: null });
    await waitFor(() => expect(result.current.status).toBe('idle'));
  });

  it('says what is wrong with the text as it stands, and converts CSV to JSON too', async () => {
    const { result, rerender } = renderHook(({ asked }) => useLiveConversion(asked), {
      initialProps: { asked: request('[{"id": 1,') as LiveRequest },
    });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    const csv = choicesFromSettings(DEFAULT_SETTINGS, 'csv-to-json');
    rerender({ asked: { text: 'id\n12345678901234567890\n', mode: 'csv-to-json', choices: csv, plan: undefined } });
    await waitFor(() =>
      expect(result.current).toMatchObject({
        status: 'ready',
        outcome: { text: '[\n{"id":12345678901234567890}\n]\n', formulaGuard: null },
      }),
    );
  });
});
