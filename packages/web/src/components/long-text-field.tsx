import TextField from '@mui/material/TextField';
import { formatCount } from '../lib/format-count';

/**
 * A read-only, monospaced text area for a result that may be huge: it holds the first `limit`
 * characters and says so when there is more (the download has all of it).
 */
export function LongTextField(props: {
  label: string;
  text: string;
  limit: number;
  fontSize: number;
  rows?: number;
  minRows?: number;
  maxRows?: number;
}) {
  const { text, limit } = props;
  return (
    <TextField
      label={props.label}
      value={text.slice(0, limit)}
      multiline
      rows={props.rows}
      minRows={props.minRows}
      maxRows={props.maxRows}
      fullWidth
      helperText={
        text.length > limit ? `Showing the first ${formatCount(limit)} characters; the download has all of it.` : ' '
      }
      sx={{ '& .MuiInputBase-input': { fontFamily: 'fontFamilyMonospace', fontSize: props.fontSize } }}
      slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
    />
  );
}
