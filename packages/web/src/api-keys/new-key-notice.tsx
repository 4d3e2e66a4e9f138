import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CreatedApiKey } from '@unnest/contracts';
import { CopyButton } from '../components/copy-button';

/** The key just created, shown this once (the server keeps only its hash), with a copy button. */
export function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Alert severity="success" role="status">
      <AlertTitle>Key “{created.name}” created</AlertTitle>
      Copy it now and keep it somewhere safe: it will not be shown again.
      <Box
        component="code"
        aria-label="Your new API key"
        sx={{
          display: 'block',
          my: 1.5,
          p: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          fontFamily: 'monospace',
          fontSize: 14,
          wordBreak: 'break-all',
        }}
      >
        {created.key}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <CopyButton text={created.key} label="Copy key" />
        <Button size="small" color="inherit" onClick={onDone}>
          I have saved it
        </Button>
      </Box>
    </Alert>
  );
}
