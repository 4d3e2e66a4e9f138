import Box from '@mui/material/Box';
import { ARRAY_CHOICES, DELIMITER_CHOICES } from '../conversion-choices';
import { LabelledSelect } from '../labelled-select';
import type { ConversionChoices, ConversionMode, TableOutput } from './conversion-settings';
import { CsvReadingOptions } from './csv-reading-options';
import { JsonOutputOptions } from './json-output-options';
import { OptionCheckbox } from './option-checkbox';

const FORMATS: { value: TableOutput; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'tsv', label: 'TSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
];

/** The conversion options of spec section 2.4: output format, delimiter, arrays, BOM, spreadsheet-safe. */
export function ConversionOptions(props: {
  mode: ConversionMode;
  value: ConversionChoices;
  onChange: (value: ConversionChoices) => void;
  /** Output formats the plan includes; others cost a conversion credit, or are disabled without one. */
  allowedFormats: readonly string[] | undefined;
  creditsLeft: number;
  /** The plan lacks the premium analysis of an uploaded file: offer it for a conversion credit. */
  analysisForCredit: boolean;
  disabled: boolean;
}) {
  const { mode, value, onChange, allowedFormats, creditsLeft, analysisForCredit, disabled } = props;
  const set = <K extends keyof ConversionChoices>(key: K, next: ConversionChoices[K]) =>
    onChange({ ...value, [key]: next });

  if (mode === 'csv-to-json')
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <CsvReadingOptions value={value} onChange={onChange} disabled={disabled} />
        <JsonOutputOptions value={value} onChange={onChange} disabled={disabled} />
      </Box>
    );
  const formats = FORMATS.map((option) =>
    !allowedFormats || allowedFormats.includes(option.value)
      ? option
      : creditsLeft > 0
        ? { ...option, label: `${option.label} (1 credit)` }
        : { ...option, label: `${option.label} (upgrade)`, disabled: true },
  );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <LabelledSelect
        id="format"
        label="Output format"
        value={value.outputFormat}
        options={formats}
        onChange={(next) => set('outputFormat', next)}
        disabled={disabled}
      />
      <LabelledSelect
        id="delimiter"
        label="Delimiter"
        value={value.outputFormat === 'tsv' ? 'tab' : value.delimiter}
        options={DELIMITER_CHOICES}
        onChange={(next) => set('delimiter', next)}
        disabled={disabled || value.outputFormat !== 'csv'}
      />
      <LabelledSelect
        id="arrays"
        label="Arrays"
        value={value.arrays}
        options={ARRAY_CHOICES}
        onChange={(next) => set('arrays', next)}
        disabled={disabled}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, gridColumn: '1 / -1' }}>
        <OptionCheckbox
          label="UTF-8 BOM for Excel"
          hint="Starts the file with a byte order mark so Excel reads UTF-8 correctly"
          checked={value.bom}
          onChange={(checked) => set('bom', checked)}
          disabled={disabled || value.outputFormat === 'xlsx'}
        />
        <OptionCheckbox
          id="spreadsheet-safe"
          label="Spreadsheet-safe"
          hint="Puts a ' before cells a spreadsheet would run as formulas (starting with = or @, or + or - before anything but a number or phone number)"
          checked={value.excelSafe}
          onChange={(checked) => set('excelSafe', checked)}
          disabled={disabled}
        />
        <OptionCheckbox
          label="Group array columns"
          hint="Puts each array's columns side by side (items.0, items.1, then the next field)"
          checked={value.groupArrayColumns}
          onChange={(checked) => set('groupArrayColumns', checked)}
          disabled={disabled}
        />
        {analysisForCredit && (
          <OptionCheckbox
            label="AI-Powered Analysis (1 credit)"
            hint="Schema, smart column names and data quality of the file, from the same pass"
            checked={value.analysis}
            onChange={(checked) => set('analysis', checked)}
            disabled={disabled}
          />
        )}
      </Box>
    </Box>
  );
}
