import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from '../components/copy-button';

/** The shell lines that convert a file with the user's key, which the user pastes in place of `<...>`. */
export function curlExample(origin: string, prefix: string | undefined): string {
  const key = prefix ? `${prefix}...` : 'unn_...';
  return [
    `export UNNEST_API_KEY='${key}'   # your whole key, as shown when you created it`,
    `curl -H "X-API-Key: $UNNEST_API_KEY" -F file=@data.json ${origin}/api/convert/file`,
  ].join('\n');
}

/** A copyable example of a conversion with the user's key (by its prefix: the key itself is never kept). */
export function CurlExample({ prefix }: { prefix: string | undefined }) {
  const text = curlExample(window.location.origin, prefix);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Convert a file with your key
      </Typography>
      <Box
        component="pre"
        aria-label="curl example"
        // Focusable, so that a keyboard can scroll a line wider than the card.
        tabIndex={0}
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontSize: 13,
          overflowX: 'auto',
          whiteSpace: 'pre',
        }}
      >
        {text}
      </Box>
      <Box sx={{ mt: 1 }}>
        <CopyButton text={text} label="Copy example" />
      </Box>
    </Box>
  );
}
