import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** What a free account sees where a premium analysis would be: the server's reason and the way to upgrade. */
export function PremiumUpsell({ message }: { message: string }) {
  return (
    <Alert
      severity="info"
      icon={<WorkspacePremium />}
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/pricing">
          See plans
        </Button>
      }
    >
      <AlertTitle>Premium Feature</AlertTitle>
      {message}
    </Alert>
  );
}
