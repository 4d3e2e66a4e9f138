import Box from '@mui/material/Box';
import { DELIMITER_CHOICES } from '../conversion-choices';
import { LabelledSelect } from '../labelled-select';
import type { ConversionChoices } from './conversion-settings';
import { OptionCheckbox } from './option-checkbox';

/** Delimiters CSV input may have beyond those JSON to CSV writes. */
const READ_DELIMITER_CHOICES = [
  { value: ', ', label: 'Comma and spaces ( , )' },
  { value: '; ', label: 'Semicolon and spaces ( ; )' },
  { value: 'space', label: 'Space' },
];
const QUOTE_CHOICES = [
  { value: 'auto', label: 'Detect automatically' },
  { value: '"', label: 'Double quote ( " )' },
  { value: "'", label: "Single quote ( ' )" },
];
const ESCAPE_CHOICES = [
  { value: 'auto', label: 'Detect automatically' },
  { value: 'none', label: 'Doubled quotes ( "" )' },
  { value: '\\', label: 'Backslash ( \\" )' },
];

const TYPES_CHOICES = [
  { value: 'auto', label: 'Automatic: per column when every cell is quoted' },
  { value: 'per-column', label: 'Per column (codes stay text)' },
  { value: 'per-cell', label: 'Per cell (unquoted cells only)' },
  { value: 'strings', label: 'Everything as text' },
];

// "auto" is the detection the reader does (byte order marks, UTF-8 validity); the others are WHATWG labels.
const ENCODING_CHOICES = [
  { value: 'auto', label: 'Detect automatically' },
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'utf-16le', label: 'UTF-16 LE' },
  { value: 'utf-16be', label: 'UTF-16 BE' },
  { value: 'latin1', label: 'Latin-1 (ISO-8859-1)' },
  { value: 'windows-1252', label: 'Windows-1252' },
  { value: 'windows-1250', label: 'Windows-1250' },
  { value: 'shift_jis', label: 'Shift JIS' },
  { value: 'gb18030', label: 'GB18030' },
];

function rowCounts(from: number, to: number): { value: string; label: string }[] {
  return Array.from({ length: to - from + 1 }, (_, k) => ({ value: String(from + k), label: String(from + k) }));
}

/**
 * CSV to JSON's reading options: the dialect, header, types, an uploaded file's encoding (pasted text has
 * none), and whether Spreadsheet-safe is undone.
 */
export function CsvReadingOptions(props: {
  value: ConversionChoices;
  onChange: (value: ConversionChoices) => void;
  disabled: boolean;
}) {
  const { value, onChange, disabled } = props;
  const set = <K extends keyof ConversionChoices>(key: K, next: ConversionChoices[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <LabelledSelect
        id="delimiter"
        label="Delimiter"
        value={value.delimiter}
        options={[{ value: 'auto', label: 'Detect automatically' }, ...DELIMITER_CHOICES, ...READ_DELIMITER_CHOICES]}
        onChange={(next) => set('delimiter', next)}
        disabled={disabled}
        minWidth={200}
      />
      <LabelledSelect
        id="quote"
        label="Quote"
        value={value.quote}
        options={QUOTE_CHOICES}
        onChange={(next) => set('quote', next)}
        disabled={disabled}
        minWidth={180}
      />
      <LabelledSelect
        id="escape"
        label="Escape inside quotes"
        value={value.escape}
        options={ESCAPE_CHOICES}
        onChange={(next) => set('escape', next)}
        disabled={disabled}
        minWidth={200}
      />
      <LabelledSelect
        id="skip-rows"
        label="Rows before the header"
        value={value.skipRows}
        options={[{ value: 'auto', label: 'Detect automatically' }, ...rowCounts(0, 10)]}
        onChange={(next) => set('skipRows', next)}
        disabled={disabled}
        minWidth={200}
      />
      <LabelledSelect
        id="header-rows"
        label="Header rows"
        value={value.headerRows}
        options={rowCounts(1, 5)}
        onChange={(next) => set('headerRows', next)}
        disabled={disabled}
        minWidth={140}
      />
      <LabelledSelect
        id="types"
        label="Types"
        value={value.types}
        options={TYPES_CHOICES}
        onChange={(next) => set('types', next as ConversionChoices['types'])}
        disabled={disabled}
        minWidth={300}
      />
      <LabelledSelect
        id="encoding"
        label="File encoding"
        value={value.encoding}
        options={ENCODING_CHOICES}
        onChange={(next) => set('encoding', next)}
        disabled={disabled}
        minWidth={200}
      />
      <OptionCheckbox
        id="spreadsheet-safe"
        label="Undo Spreadsheet-safe"
        hint="Takes off the ' that Spreadsheet-safe put before cells starting like a formula, so the JSON comes back as it was"
        checked={value.excelSafe}
        onChange={(checked) => set('excelSafe', checked)}
        disabled={disabled}
      />
    </Box>
  );
}
