import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Currency, Plan } from '@unnest/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/page-header';
import { CreditPacks } from '../components/plans/credit-packs';
import { CurrencyToggle } from '../components/plans/currency-toggle';
import { PlanCards } from '../components/plans/plan-cards';
import { PlanChoiceAction } from '../components/plans/plan-choice-action';
import { PlanComparisonTable } from '../components/plans/plan-comparison-table';
import type { PlanPurchasePanels } from '../components/plans/plan-purchase';
import { PlansLoading } from '../components/plans/plans-loading';
import { PricedOnRequest } from '../components/plans/priced-on-request';
import { UpgradeButton } from '../components/plans/upgrade-button';
import { usePlans } from '../lib/api/get-plans';
import { useSubscription } from '../lib/api/get-subscription';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';

/**
 * The pricing page (spec section 2.3), rendered from the server's plan catalogue; buying goes through
 * the payments feature's dialogs (`purchase`).
 */
export default function PricingPage({ purchase }: { purchase: PlanPurchasePanels }) {
  const plans = usePlans();
  const { user } = useSession();
  const openAuthDialog = useOpenAuthDialog();
  const [currency, setCurrency] = useState<Currency>('USD');
  const [upgrading, setUpgrading] = useState<Plan | null>(null);
  const [buyingPack, setBuyingPack] = useState<string | null>(null);
  const mode = plans.data?.checkout.mode ?? 'off';
  const subscription = useSubscription({ enabled: user !== null });
  const choices = user ? (subscription.data?.plan_choices ?? []) : null;
  const choiceOf = (plan: Plan) => choices?.find((choice) => choice.plan_id === plan.id);
  const salesEmail = plans.data?.sales_email ?? null;

  function action(plan: Plan) {
    // Signed in, the server says what each plan is to this account.
    if (choices) {
      return (
        <PlanChoiceAction
          plan={plan}
          choice={choiceOf(plan)}
          mode={mode}
          onBuy={() => setUpgrading(plan)}
          salesEmail={salesEmail}
        />
      );
    }
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
    if (plan.prices === null) return <PricedOnRequest plan={plan} salesEmail={salesEmail} />;
    if (mode === 'off') return null;
    return <UpgradeButton plan={plan} onClick={() => openAuthDialog('signin')} />;
  }

  return (
    <>
      <PageHeader
        title="Plans and pricing"
        subtitle="Start free. Move up when your files get bigger or your team needs more."
        actions={<CurrencyToggle value={currency} onChange={setCurrency} />}
      />
      <PlansLoading plans={plans} height={360} />
      {plans.data && (
        <Stack spacing={4}>
          {purchase.checkoutNotice(mode)}
          {purchase.first50Banner}
          <PlanCards
            plans={plans.data.plans}
            currency={currency}
            action={action}
            current={choices?.find((choice) => choice.change === 'current')?.plan_id}
            {...(choices ? { firstMonthDiscount: (plan: Plan) => choiceOf(plan)?.first_month_discount ?? false } : {})}
          />
          <Box>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1 }}>
              <Typography variant="h5" component="h2">
                Pay per use
              </Typography>
              {mode !== 'off' && (
                <Button variant="contained" color="secondary" onClick={() => setBuyingPack('small')}>
                  Buy Conversions
                </Button>
              )}
            </Box>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Credit packs for occasional big jobs. Credits never expire.
            </Typography>
            <CreditPacks
              packs={plans.data.credit_packs}
              currency={currency}
              onBuy={mode === 'off' ? undefined : (pack) => setBuyingPack(pack.id)}
            />
          </Box>
          <Box>
            <Typography variant="h5" component="h2" gutterBottom>
              Compare plans
            </Typography>
            <PlanComparisonTable plans={plans.data.plans} />
          </Box>
          {purchase.upgradeDialog({
            plan: upgrading,
            choice: upgrading ? (choiceOf(upgrading) ?? null) : null,
            periodEnd: subscription.data?.period_end ?? null,
            onClose: () => setUpgrading(null),
            currency,
            mode,
            offer: plans.data.first_50_users,
          })}
          {buyingPack &&
            purchase.buyCreditsDialog({
              open: true,
              onClose: () => setBuyingPack(null),
              packs: plans.data.credit_packs,
              currency,
              mode,
              initialPack: buyingPack,
            })}
        </Stack>
      )}
    </>
  );
}
