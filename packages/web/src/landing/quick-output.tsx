import Download from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { CopyButton } from '../components/copy-button';
import { LongTextField } from '../components/long-text-field';
import { saveFile } from '../lib/save-file';
import { conversionsLeftText } from './quick-convert-standing';
import { downloadName, formatsOf, QUICK_TEXT_ROWS, type QuickState, waitingText } from './quick-convert-state';

/** Characters of output the text box holds (more than any 512 KB input makes; Copy takes all of it). */
const SHOWN_CHARACTERS = 2_000_000;

/** The download's media type by output format. */
const MEDIA_TYPES = { CSV: 'text/csv', JSON: 'application/json' } as const;

/** What the line under the heading says about the output shown. */
function statusText(state: QuickState, limited: boolean): string {
  const { result, standing } = state;
  if (result === undefined) return waitingText(state.direction);
  if (result.revision !== state.revision) return 'Converting what you changed...';
  if (result.by === 'browser')
    return limited
      ? 'Converted in your browser, which uses no conversion.'
      : 'Converted in your browser, which uses no conversion. Convert to download it.';
  // The standing alone, the sentence the page has always shown after a conversion.
  return standing === undefined ? 'Converted by the server.' : conversionsLeftText(standing, new Date());
}

/**
 * The quick convert's output: the text, Copy, and Download once the server has converted it. A new server
 * result takes focus (its heading), which scrolls it into view; results made as you type never move focus.
 */
export function QuickOutput({ state, limited }: { state: QuickState; limited: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { result, arrivals } = state;
  const output = formatsOf(state.direction).output;
  const current = result !== undefined && result.revision === state.revision;

  // Only a result that arrives while this is shown moves focus, not one from before the box was cleared.
  const focused = useRef(arrivals);
  useEffect(() => {
    if (arrivals === focused.current) return;
    focused.current = arrivals;
    heading.current?.focus();
  }, [arrivals]);

  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 40 }}>
        <Typography variant="subtitle1" component="h3" ref={heading} tabIndex={-1} sx={{ fontWeight: 600, mr: 'auto' }}>
          {output}
        </Typography>
        {result !== undefined && current && <CopyButton text={result.text} label={`Copy ${output}`} />}
        {result?.by === 'server' && current && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<Download />}
            onClick={() => saveFile(new Blob([result.text], { type: MEDIA_TYPES[output] }), downloadName(state))}
          >
            Download {output}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {statusText(state, limited)}
      </Typography>
      <LongTextField
        label={`${output} output`}
        text={result?.text ?? ''}
        limit={SHOWN_CHARACTERS}
        fontSize={13}
        rows={QUICK_TEXT_ROWS}
      />
    </Stack>
  );
}
