import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Currency, Plan } from '@unnest/contracts';
import { useState } from 'react';
import { CurrencyToggleState } from '../components/plans/currency-toggle-state';
import { PlanCards } from '../components/plans/plan-cards';
import { PlanComparisonTable } from '../components/plans/plan-comparison-table';
import { PlansLoading } from '../components/plans/plans-loading';
import { UpgradeButton } from '../components/plans/upgrade-button';
import { usePlans } from '../lib/api/get-plans';
import { CheckoutModeNotice, First50Banner, PaymentHistory, UpgradePlanDialog } from '../payments';

/** The dashboard's Choose Your Plan (spec 2.8): plan cards opening Upgrade Your Plan, the first-50 banner, payments. */
export function PlansSection({ currentPlan }: { currentPlan: string | undefined }) {
  const plans = usePlans();
  const [upgrading, setUpgrading] = useState<{ plan: Plan; currency: Currency } | null>(null);
  const mode = plans.data?.checkout.mode ?? 'off';

  function action(plan: Plan, currency: Currency) {
    if (plan.id === currentPlan) return <Typography color="text.secondary">Your plan</Typography>;
    if (plan.prices === null) return <Typography color="text.secondary">Priced on request</Typography>;
    if (plan.id === 'free' || mode === 'off') return null;
    return <UpgradeButton plan={plan} onClick={() => setUpgrading({ plan, currency })} />;
  }

  return (
    <Stack spacing={2.5}>
      <Typography variant="h6" component="h2">
        Choose Your Plan
      </Typography>
      <PlansLoading plans={plans} height={320} />
      {plans.data && (
        <>
          <CheckoutModeNotice mode={mode} />
          <First50Banner />
          <CurrencyToggleState initial="INR">
            {(currency) => (
              <PlanCards
                plans={plans.data.plans}
                currency={currency}
                current={currentPlan}
                action={(plan: Plan) => action(plan, currency)}
              />
            )}
          </CurrencyToggleState>
          <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
            Feature Comparison
          </Typography>
          <PlanComparisonTable plans={plans.data.plans} />
          <UpgradePlanDialog
            plan={upgrading?.plan ?? null}
            onClose={() => setUpgrading(null)}
            currency={upgrading?.currency ?? 'INR'}
            mode={mode}
            offer={plans.data.first_50_users}
          />
        </>
      )}
      <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
        Payment History
      </Typography>
      <PaymentHistory />
    </Stack>
  );
}
