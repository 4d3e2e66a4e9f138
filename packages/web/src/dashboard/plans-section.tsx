import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Currency, Plan } from '@unnest/contracts';
import { useState } from 'react';
import { CurrencyToggleState } from '../components/plans/currency-toggle-state';
import { PlanCards } from '../components/plans/plan-cards';
import { PlanChoiceAction } from '../components/plans/plan-choice-action';
import { PlanComparisonTable } from '../components/plans/plan-comparison-table';
import type { PlanPurchasePanels } from '../components/plans/plan-purchase';
import { PlansLoading } from '../components/plans/plans-loading';
import { usePlans } from '../lib/api/get-plans';
import { useSubscription } from '../lib/api/get-subscription';

/**
 * The dashboard's Choose Your Plan (spec 2.8): plan cards (Upgrade, Downgrade or Current, as the server
 * says) opening Upgrade Your Plan, the first-50 banner, payments.
 */
export function PlansSection({ purchase }: { purchase: PlanPurchasePanels }) {
  const plans = usePlans();
  const subscription = useSubscription();
  const [upgrading, setUpgrading] = useState<{ plan: Plan; currency: Currency } | null>(null);
  const mode = plans.data?.checkout.mode ?? 'off';
  const choices = subscription.data?.plan_choices ?? [];
  const choiceOf = (plan: Plan) => choices.find((choice) => choice.plan_id === plan.id);

  return (
    <Stack spacing={2.5}>
      <Typography variant="h6" component="h2">
        Choose Your Plan
      </Typography>
      <PlansLoading plans={plans} height={320} />
      {plans.data && (
        <>
          {purchase.checkoutNotice(mode)}
          {purchase.first50Banner}
          <CurrencyToggleState initial="INR">
            {(currency) => (
              <PlanCards
                plans={plans.data.plans}
                currency={currency}
                current={choices.find((choice) => choice.change === 'current')?.plan_id}
                firstMonthDiscount={(plan) => choiceOf(plan)?.first_month_discount ?? false}
                action={(plan: Plan) => (
                  <PlanChoiceAction
                    plan={plan}
                    choice={choiceOf(plan)}
                    mode={mode}
                    onBuy={() => setUpgrading({ plan, currency })}
                    salesEmail={plans.data.sales_email}
                  />
                )}
              />
            )}
          </CurrencyToggleState>
          <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
            Feature Comparison
          </Typography>
          <PlanComparisonTable plans={plans.data.plans} />
          {purchase.upgradeDialog({
            plan: upgrading?.plan ?? null,
            choice: upgrading ? (choiceOf(upgrading.plan) ?? null) : null,
            periodEnd: subscription.data?.period_end ?? null,
            onClose: () => setUpgrading(null),
            currency: upgrading?.currency ?? 'INR',
            mode,
            offer: plans.data.first_50_users,
          })}
        </>
      )}
      <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
        Payment History
      </Typography>
      {purchase.paymentHistory}
    </Stack>
  );
}
