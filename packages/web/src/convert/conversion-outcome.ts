import type { ConversionResult, FormulaGuardSummary } from '@unnest/contracts';
import type { CsvReading } from './api/csv-to-json';
import type { PreviewSource } from './local-preview';

/**
 * A finished conversion: a stored file (file mode) or bytes in hand (text mode), with what the formula guard
 * changed (null when it was off, or for JSON and XLSX output).
 */
export type ConversionOutcome = { formulaGuard: FormulaGuardSummary | null } & (
  | {
      kind: 'file';
      response: ConversionResult;
      preview: PreviewSource | string | null;
      /** A CSV file: how the server read it. */
      reading?: CsvReading;
    }
  | {
      kind: 'text';
      blob: Blob;
      fileName: string;
      text: string | null;
      preview: PreviewSource | string;
      /** CSV to JSON: how the server read the CSV. */
      reading?: CsvReading;
    }
);
