import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tooltip from '@mui/material/Tooltip';
import { LabelledSelect } from '../labelled-select';
import type { ConversionChoices, JsonLayout } from './conversion-settings';

const LAYOUT_CHOICES: { value: JsonLayout; label: string }[] = [
  { value: 'minified', label: 'One array, minified' },
  { value: 'pretty', label: 'One array, indented (pretty)' },
  { value: 'lines', label: 'JSON Lines (one record per line)' },
];

const SEPARATOR_CHOICES = [
  { value: '.', label: 'Dot ( user.name )' },
  { value: '/', label: 'Slash ( user/name )' },
  { value: '_', label: 'Underscore ( user_name )' },
  { value: '__', label: 'Double underscore ( user__name )' },
  { value: ':', label: 'Colon ( user:name )' },
];

/** CSV to JSON's output options: the JSON's layout, and how headers become keys (the CLI's csv2json flags). */
export function JsonOutputOptions(props: {
  value: ConversionChoices;
  onChange: (value: ConversionChoices) => void;
  disabled: boolean;
}) {
  const { value, onChange, disabled } = props;
  const set = <K extends keyof ConversionChoices>(key: K, next: ConversionChoices[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <LabelledSelect
        id="json-layout"
        label="JSON output"
        value={value.jsonLayout}
        options={LAYOUT_CHOICES}
        onChange={(next) => set('jsonLayout', next)}
        disabled={disabled}
        minWidth={260}
      />
      <LabelledSelect
        id="header-separator"
        label="Nested key separator"
        value={value.separator}
        options={SEPARATOR_CHOICES}
        onChange={(next) => set('separator', next)}
        disabled={disabled || !value.unflatten || !value.header}
        minWidth={240}
      />
      <Tooltip describeChild title="A header such as user.name becomes a nested object; off, it stays one key">
        <FormControlLabel
          control={
            <Checkbox
              id="unflatten"
              checked={value.unflatten}
              onChange={(event) => set('unflatten', event.target.checked)}
            />
          }
          label="Nest dotted headers"
          disabled={disabled || !value.header}
        />
      </Tooltip>
      <Tooltip describeChild title="Off: the first row is data too, and every row becomes an array of text">
        <FormControlLabel
          control={
            <Checkbox
              id="has-header"
              checked={value.header}
              onChange={(event) => set('header', event.target.checked)}
            />
          }
          label="First row is the header"
          disabled={disabled}
        />
      </Tooltip>
    </Box>
  );
}
