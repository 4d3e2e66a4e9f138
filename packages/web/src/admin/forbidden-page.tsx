import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';

/** What an account outside the admin group sees at /admin (HTTP's 403). */
export function ForbiddenPage() {
  return (
    <>
      <PageHeader title="403: Access denied" />
      <EmptyState
        icon={<Block />}
        title="This area is for administrators"
        hint="Your account is not in the admin group. Ask an administrator if you need access."
        action={
          <Button variant="contained" component={RouterLink} to="/dashboard">
            Go to your dashboard
          </Button>
        }
      />
    </>
  );
}
