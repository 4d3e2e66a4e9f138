import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '../lib/api-error';

/** A failed load: the server's message (or the screen's text) and a Retry button. */
export function QueryError(props: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={props.onRetry}>
          Retry
        </Button>
      }
    >
      {errorText(props.error, props.fallback)}
    </Alert>
  );
}
