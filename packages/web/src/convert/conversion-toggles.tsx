import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ConversionMode } from '../components/conversion-options';

/** Where the input comes from: a chosen file or pasted text. */
export type InputKind = 'file' | 'text';

/** The converter's two switches: the direction and the kind of input. */
export function ConversionToggles(props: {
  mode: ConversionMode;
  inputKind: InputKind;
  disabled: boolean;
  onMode: (mode: ConversionMode) => void;
  onInputKind: (kind: InputKind) => void;
}) {
  const { mode, inputKind, disabled } = props;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
      <ToggleButtonGroup
        color="primary"
        exclusive
        value={mode}
        onChange={(_, next: ConversionMode | null) => next && props.onMode(next)}
        aria-label="Conversion"
        disabled={disabled}
        size="small"
      >
        <ToggleButton value="json-to-csv" sx={{ px: 2 }}>
          JSON to CSV
        </ToggleButton>
        <ToggleButton value="csv-to-json" sx={{ px: 2 }}>
          CSV to JSON
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        exclusive
        value={inputKind}
        onChange={(_, next: InputKind | null) => next && props.onInputKind(next)}
        aria-label="Input"
        disabled={disabled}
        size="small"
      >
        <ToggleButton value="file" sx={{ px: 2 }}>
          Upload file
        </ToggleButton>
        <ToggleButton value="text" sx={{ px: 2 }}>
          Paste text
        </ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
