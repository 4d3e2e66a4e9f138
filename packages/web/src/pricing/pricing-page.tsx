import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Currency, Plan } from '@unnest/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/page-header';
import { CreditPacks } from '../components/plans/credit-packs';
import { CurrencyToggle } from '../components/plans/currency-toggle';
import { PaymentsNotice } from '../components/plans/payments-notice';
import { PlanCards } from '../components/plans/plan-cards';
import { PlanComparisonTable } from '../components/plans/plan-comparison-table';
import { QueryError } from '../components/query-error';
import { usePlans } from '../lib/api/get-plans';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';

/** The pricing page (spec section 2.3), rendered from the server's plan catalogue. */
export default function PricingPage() {
  const plans = usePlans();
  const { user } = useSession();
  const openAuthDialog = useOpenAuthDialog();
  const [currency, setCurrency] = useState<Currency>('USD');

  function action(plan: Plan) {
    if (plan.id === 'free') {
      return user ? (
        <Button fullWidth variant="outlined" component={RouterLink} to="/convert">
          Start Free
        </Button>
      ) : (
        <Button fullWidth variant="outlined" onClick={() => openAuthDialog('signup')}>
          Start Free
        </Button>
      );
    }
    return (
      <Button fullWidth variant={plan.popular ? 'contained' : 'outlined'} disabled>
        Not available yet
      </Button>
    );
  }

  return (
    <>
      <PageHeader
        title="Plans and pricing"
        subtitle="Start free. Move up when your files get bigger or your team needs more."
        actions={<CurrencyToggle value={currency} onChange={setCurrency} />}
      />
      {plans.isPending && <Skeleton variant="rounded" height={360} />}
      {plans.isError && (
        <QueryError
          error={plans.error}
          fallback="Unable to load payment plans. Please refresh the page or try again later."
          onRetry={() => void plans.refetch()}
        />
      )}
      {plans.data && (
        <Stack spacing={4}>
          <PaymentsNotice />
          {plans.data.first_50_users.active && (
            <Alert severity="success" variant="outlined">
              Launch offer: the first {plans.data.first_50_users.slots_total} subscribers get{' '}
              {plans.data.first_50_users.discount_percent}% off their first month,{' '}
              {plans.data.first_50_users.slots_left} places left.
            </Alert>
          )}
          <PlanCards plans={plans.data.plans} currency={currency} action={action} current={user?.plan} />
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Pay per use
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Credit packs for occasional big jobs. Credits never expire.
            </Typography>
            <CreditPacks packs={plans.data.credit_packs} currency={currency} />
          </Box>
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Compare plans
            </Typography>
            <PlanComparisonTable plans={plans.data.plans} />
          </Box>
        </Stack>
      )}
    </>
  );
}
