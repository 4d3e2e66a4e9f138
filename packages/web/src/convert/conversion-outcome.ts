import type {
  ConversionDuplicateKeys,
  ConversionLoneSurrogates,
  ConversionResult,
  FormulaGuardSummary,
} from '@unnest/contracts';
import type { CsvReading } from './api/csv-to-json';
import type { PreviewJob } from './local-preview';

/**
 * A finished conversion: a stored file (file mode), bytes in hand (text mode), or pasted text converted in the
 * browser as it was typed (live), with what the formula guard changed (null when it was off, or for JSON and
 * XLSX output), the records that held a key twice and the strings whose lone surrogates became U+FFFD (JSON input).
 */
export type ConversionOutcome = {
  formulaGuard: FormulaGuardSummary | null;
  duplicateKeys: ConversionDuplicateKeys | null;
  loneSurrogates: ConversionLoneSurrogates | null;
} & (
  | {
      kind: 'file';
      response: ConversionResult;
      /** Null: the file is too big to preview in the browser. */
      preview: PreviewJob | null;
      /** A CSV file: how the server read it. */
      reading?: CsvReading;
    }
  | {
      kind: 'text';
      blob: Blob;
      fileName: string;
      text: string | null;
      preview: PreviewJob;
      /** CSV to JSON: how the server read the CSV. */
      reading?: CsvReading;
    }
  | { kind: 'live'; text: string; preview: PreviewJob }
);
