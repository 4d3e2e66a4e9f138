import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// A route chunk that fails to load is usually a deploy that replaced the hashed files.
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/** The router's error page (spec section 2.1: 'Unexpected Application Error!'). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : isChunkLoadError(error)
      ? 'A new version of Unnest is available. Reload the page to continue.'
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 12, px: 2 }}>
      <Typography variant="h4" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {detail}
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
