import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { AdminUserSummary } from '@unnest/contracts';

/** An account's role and state as small labels: admin, disabled, unconfirmed, or active. */
export function AccountChips({ account }: { account: AdminUserSummary }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {account.is_admin && <Chip size="small" color="primary" variant="outlined" label="Admin" />}
      {account.disabled && <Chip size="small" color="error" variant="outlined" label="Disabled" />}
      {!account.email_confirmed && <Chip size="small" color="warning" variant="outlined" label="Unconfirmed" />}
      {!account.disabled && account.email_confirmed && <Chip size="small" variant="outlined" label="Active" />}
    </Stack>
  );
}
