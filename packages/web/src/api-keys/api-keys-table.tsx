import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@unnest/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../lib/api-error';
import { formatDateTime } from '../lib/format-date';
import { useRevokeApiKey } from './api/revoke-api-key';

function expiryText(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'Never';
  const text = formatDateTime(expiresAt);
  return new Date(expiresAt).getTime() <= now ? `Expired ${text}` : text;
}

/** The account's keys with their times, each revocable after a confirmation. */
export function ApiKeysTable({ keys }: { keys: ApiKey[] }) {
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const now = Date.now();

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
  }

  if (keys.length === 0) {
    return <Typography color="text.secondary">No API keys yet. Create one to call the API from a program.</Typography>;
  }

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="API keys" sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key.id}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{key.name}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{key.prefix}...</TableCell>
                <TableCell>{formatDateTime(key.created_at)}</TableCell>
                <TableCell>{key.last_used_at ? formatDateTime(key.last_used_at) : 'Never'}</TableCell>
                <TableCell>{expiryText(key.expires_at, now)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      revoke.reset();
                      setRevoking(key);
                    }}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this API key?"
        text={`Programs using “${revoking?.name ?? ''}” (${revoking?.prefix ?? ''}...) will get 401 from their next call. This cannot be undone.`}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      >
        {revoke.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(revoke.error, 'Failed to revoke the API key. Please try again.')}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
