import Box from '@mui/material/Box';
import { LabelledSelect } from '../labelled-select';
import type { ConversionChoices, JsonLayout } from './conversion-settings';
import { OptionCheckbox } from './option-checkbox';

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
      <OptionCheckbox
        id="unflatten"
        label="Nest dotted headers"
        hint="A header such as user.name becomes a nested object; off, it stays one key"
        checked={value.unflatten}
        onChange={(checked) => set('unflatten', checked)}
        disabled={disabled || !value.header}
      />
      <OptionCheckbox
        id="has-header"
        label="First row is the header"
        hint="Off: the first row is data too, and every row becomes an array of text"
        checked={value.header}
        onChange={(checked) => set('header', checked)}
        disabled={disabled}
      />
    </Box>
  );
}
