import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentMode, Plan, PlanChoice } from '@unnest/contracts';
import { formatDate } from '../../lib/format-date';
import { PricedOnRequest } from './priced-on-request';
import { UpgradeButton } from './upgrade-button';

/** What a downgrade card says: the server refuses a lower plan while a higher one is paid for. */
export function downgradeText(plan: Plan, choice: PlanChoice): string {
  if (choice.available_from === null) {
    return 'Downgrade: your current plan was given by the operator of this server; ask them to change it.';
  }
  const date = formatDate(choice.available_from);
  return plan.id === 'free'
    ? `Downgrade: your account goes back to Free when the month you paid for ends on ${date}.`
    : `Downgrade: ${plan.name} can be bought from ${date}, when the month you paid for ends. Until then your plan stays as it is.`;
}

/**
 * A plan card's action for a signed-in account, from the server's plan choice (Upgrade, Downgrade or
 * Current, by the catalogue's order; never worked out here).
 */
export function PlanChoiceAction(props: {
  plan: Plan;
  choice: PlanChoice | undefined;
  mode: PaymentMode;
  onBuy: () => void;
  /** Where enquiries about a plan priced on request go (the catalogue's `sales_email`). */
  salesEmail: string | null;
}) {
  const { plan, choice, mode, onBuy, salesEmail } = props;
  if (!choice) return null;
  if (choice.change === 'downgrade') {
    return (
      <Typography variant="body2" color="text.secondary">
        {downgradeText(plan, choice)}
      </Typography>
    );
  }
  if (plan.prices === null) return <PricedOnRequest plan={plan} salesEmail={salesEmail} />;
  if (choice.change === 'current') {
    return (
      <Stack spacing={1}>
        <Typography color="text.secondary">Your plan</Typography>
        {choice.can_buy && mode !== 'off' && (
          <Button fullWidth variant="outlined" onClick={onBuy}>
            Buy the next month
          </Button>
        )}
      </Stack>
    );
  }
  if (!choice.can_buy || mode === 'off') return null;
  return <UpgradeButton plan={plan} onClick={onBuy} />;
}
