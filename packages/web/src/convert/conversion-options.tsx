import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import type { ArrayStrategyName } from '@unnest/contracts';
import { ARRAY_CHOICES, DELIMITER_CHOICES } from '../components/conversion-choices';
import type { ConversionChoices, ConversionMode, TableOutput } from './conversion-settings';

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
  /** Output formats the plan includes; others are shown but disabled. */
  allowedFormats: readonly string[] | undefined;
  disabled: boolean;
}) {
  const { mode, value, onChange, allowedFormats, disabled } = props;
  const set = <K extends keyof ConversionChoices>(key: K, next: ConversionChoices[K]) =>
    onChange({ ...value, [key]: next });

  if (mode === 'csv-to-json') {
    return (
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 200 }} disabled={disabled}>
          <InputLabel id="delimiter-label">Delimiter</InputLabel>
          <Select
            labelId="delimiter-label"
            label="Delimiter"
            value={value.delimiter}
            onChange={(event) => set('delimiter', event.target.value)}
          >
            <MenuItem value="auto">Detect automatically</MenuItem>
            {DELIMITER_CHOICES.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <FormControl size="small" disabled={disabled}>
        <InputLabel id="format-label">Output format</InputLabel>
        <Select
          labelId="format-label"
          label="Output format"
          value={value.outputFormat}
          onChange={(event) => set('outputFormat', event.target.value as TableOutput)}
        >
          {FORMATS.map((option) => {
            const allowed = !allowedFormats || allowedFormats.includes(option.value);
            return (
              <MenuItem key={option.value} value={option.value} disabled={!allowed}>
                {option.label}
                {!allowed && ' (upgrade)'}
              </MenuItem>
            );
          })}
        </Select>
      </FormControl>
      <FormControl size="small" disabled={disabled || value.outputFormat !== 'csv'}>
        <InputLabel id="delimiter-label">Delimiter</InputLabel>
        <Select
          labelId="delimiter-label"
          label="Delimiter"
          value={value.outputFormat === 'tsv' ? 'tab' : value.delimiter}
          onChange={(event) => set('delimiter', event.target.value)}
        >
          {DELIMITER_CHOICES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" disabled={disabled}>
        <InputLabel id="arrays-label">Arrays</InputLabel>
        <Select
          labelId="arrays-label"
          label="Arrays"
          value={value.arrays}
          onChange={(event) => set('arrays', event.target.value as ArrayStrategyName)}
        >
          {ARRAY_CHOICES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, gridColumn: '1 / -1' }}>
        <Tooltip title="Starts the file with a byte order mark so Excel reads UTF-8 correctly">
          <FormControlLabel
            control={<Checkbox checked={value.bom} onChange={(event) => set('bom', event.target.checked)} />}
            label="UTF-8 BOM for Excel"
            disabled={disabled || value.outputFormat === 'xlsx'}
          />
        </Tooltip>
        <Tooltip title="Prefixes cells starting with = + - @ so spreadsheets do not run them as formulas">
          <FormControlLabel
            control={
              <Checkbox checked={value.excelSafe} onChange={(event) => set('excelSafe', event.target.checked)} />
            }
            label="Spreadsheet-safe"
            disabled={disabled}
          />
        </Tooltip>
      </Box>
    </Box>
  );
}
