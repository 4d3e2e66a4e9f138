import ClearAll from '@mui/icons-material/ClearAll';
import ContentPaste from '@mui/icons-material/ContentPaste';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ConversionMode } from '../components/conversion-options';
import { formatBytes } from '../lib/format-size';
import { ConversionToggles, type InputKind } from './conversion-toggles';
import { EXTENSIONS } from './converter-state';
import { FileDrop } from './file-drop';

/** The converter's input: direction and kind, the file dropped or the text pasted, paste and clear. */
export function ConverterInput(props: {
  mode: ConversionMode;
  inputKind: InputKind;
  file: File | null;
  text: string;
  busy: boolean;
  /** A result is shown (Clear all clears it too). */
  hasResult: boolean;
  onMode: (mode: ConversionMode) => void;
  onInputKind: (kind: InputKind) => void;
  onFile: (file: File | null) => void;
  onText: (text: string) => void;
  onPaste: () => void;
  onClear: () => void;
}) {
  const { mode, inputKind, file, text, busy } = props;
  const source = mode === 'json-to-csv' ? 'JSON' : 'CSV';
  return (
    <>
      <ConversionToggles
        mode={mode}
        inputKind={inputKind}
        disabled={busy}
        onMode={props.onMode}
        onInputKind={props.onInputKind}
      />

      {inputKind === 'file' ? (
        <FileDrop accept={EXTENSIONS[mode]} file={file} onFile={props.onFile} disabled={busy} />
      ) : (
        <TextField
          label={`${source} text`}
          value={text}
          onChange={(event) => props.onText(event.target.value)}
          multiline
          rows={8}
          fullWidth
          disabled={busy}
          placeholder={mode === 'json-to-csv' ? '[{"id": 1, "name": "Ada"}]' : 'id,name\n1,Ada'}
          helperText={text ? formatBytes(new TextEncoder().encode(text).length) : ' '}
          sx={{ '& .MuiInputBase-input': { fontFamily: 'fontFamilyMonospace', fontSize: 13 } }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      )}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<ContentPaste />} onClick={props.onPaste} disabled={busy} color="inherit">
          Paste from clipboard
        </Button>
        <Button
          startIcon={<ClearAll />}
          onClick={props.onClear}
          disabled={busy || (!file && !text && !props.hasResult)}
          color="inherit"
        >
          Clear all
        </Button>
      </Box>
    </>
  );
}
