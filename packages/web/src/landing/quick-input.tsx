import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QUICK_CONVERT_MAX_BYTES } from '@unnest/contracts';
import type { KeyboardEvent } from 'react';
import { DropZone } from '../components/drop-zone';
import { LabelledSelect, type SelectOption } from '../components/labelled-select';
import { formatBytes } from '../lib/format-size';
import type { QuickDirection } from './quick-conversion';
import { formatsOf, LIVE_MAX_BYTES, QUICK_TEXT_ROWS } from './quick-convert-state';
import type { QuickConvertControls } from './use-quick-convert';

const DIRECTIONS: readonly SelectOption<QuickDirection>[] = [
  { value: 'json-to-csv', label: 'JSON to CSV' },
  { value: 'csv-to-json', label: 'CSV to JSON' },
];

const SAMPLE = `[
  {"id": 12345678901234567890, "name": "Ada", "tags": ["math", "code"], "address": {"city": "London"}},
  {"id": 2, "name": "Grace", "price": 0.1000000000000000055, "address": {"city": "New York", "zip": "10001"}}
]`;

/** The input's size, and what happens at that size. */
function sizeText(bytes: number, tooBig: boolean): string {
  if (bytes === 0) return ' ';
  const size = formatBytes(bytes);
  if (tooBig)
    return `${size}: quick convert takes up to ${formatBytes(QUICK_CONVERT_MAX_BYTES)}. Sign in to convert bigger files.`;
  return bytes <= LIVE_MAX_BYTES
    ? `${size}: converts as you type, in your browser.`
    : `${size}: over ${formatBytes(LIVE_MAX_BYTES)}, so it converts when you press Convert.`;
}

/** The quick convert's input side: which way, the text (typed, pasted or dropped) and Convert. */
export function QuickInput({ controls }: { controls: QuickConvertControls }) {
  const { state, edit, drop, choose, convert, tooBig, limited } = controls;
  const formats = formatsOf(state.direction);

  function keyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      convert();
    }
  }

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <LabelledSelect
          id="quick-convert-direction"
          label="Direction"
          value={state.direction}
          options={DIRECTIONS}
          onChange={choose}
          minWidth={170}
        />
        {state.input.trim() !== '' && (
          <Typography variant="body2" color="text.secondary">
            {state.detected ? `Detected: ${formats.input}.` : 'Your choice stays until you clear the box.'}
          </Typography>
        )}
      </Box>
      <TextField
        label={formats.input}
        placeholder={state.direction === 'json-to-csv' ? SAMPLE : 'id,name,address.city\n1,Ada,London'}
        value={state.input}
        onChange={(event) => edit(event.target.value)}
        onKeyDown={keyDown}
        multiline
        rows={QUICK_TEXT_ROWS}
        fullWidth
        error={tooBig}
        helperText={sizeText(state.bytes, tooBig)}
        sx={{ '& .MuiInputBase-input': { fontFamily: 'fontFamilyMonospace', fontSize: 13 } }}
        slotProps={{
          input: { inputComponent: 'textarea' },
          htmlInput: { spellCheck: false, 'aria-keyshortcuts': 'Control+Enter Meta+Enter' },
        }}
      />
      <DropZone
        accept={['.json', '.jsonl', '.csv', '.tsv']}
        disabled={false}
        onFiles={([file]) => file && drop(file)}
        title="Drop a JSON or CSV file here"
        hint={`Up to ${formatBytes(QUICK_CONVERT_MAX_BYTES)}; it opens in the box above.`}
        buttonText="Choose a file"
        inputTestId="quick-convert-file"
        keyboardLabel="Choose a JSON or CSV file to convert"
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Button variant="contained" onClick={convert} disabled={state.sending || tooBig || limited}>
          {state.sending ? 'Converting...' : `Convert to ${formats.output}`}
        </Button>
        {state.input === '' && (
          <Button color="inherit" onClick={() => edit(SAMPLE)}>
            Try an example
          </Button>
        )}
        <Typography variant="caption" color="text.secondary">
          Ctrl+Enter (⌘+Enter on a Mac) converts too
        </Typography>
      </Stack>
    </Stack>
  );
}
