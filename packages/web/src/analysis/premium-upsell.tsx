import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { BuyCreditsButton } from '../payments';

/**
 * What an account without the analysis and without credits sees where it would be: the server's reason,
 * the way to upgrade, and the way to buy credits (one pays for one analysis).
 */
export function PremiumUpsell({ message }: { message: string }) {
  return (
    <Alert
      severity="info"
      icon={<WorkspacePremium />}
      action={
        <Stack direction="row" spacing={1}>
          <BuyCreditsButton label="Buy credits" />
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
