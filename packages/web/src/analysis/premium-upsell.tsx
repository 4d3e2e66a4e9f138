import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * What an account without the analysis and without credits sees where it would be: the server's reason,
 * the way to buy credits (one pays for one analysis; the control comes from the page that composes the
 * dialog, since buying is the payments feature's) and the way to upgrade.
 */
export function PremiumUpsell({ message, buyCredits }: { message: string; buyCredits: ReactNode }) {
  return (
    <Alert
      severity="info"
      icon={<WorkspacePremium />}
      action={
        <Stack direction="row" spacing={1}>
          {buyCredits}
          <Button color="inherit" size="small" component={RouterLink} to="/pricing">
            See plans
          </Button>
        </Stack>
      }
    >
      <AlertTitle>Premium Feature</AlertTitle>
      {message}
    </Alert>
  );
}
