import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { PlanUpgrade } from '../components/plans/plan-purchase';
import { formatDate } from '../lib/format-date';
import { priceText } from '../lib/plan-limits';
import { CheckoutModeNotice } from './checkout-mode-notice';
import { useCheckout } from './use-checkout';

/**
 * The Upgrade Your Plan dialog (spec 2.8): one month of the chosen plan (an upgrade, or the next month
 * of the current plan). The price shown is the catalogue's; the server prices the order, says whether
 * this account's order gets the first-50 price (`choice`), and honours that discount at capture.
 */
export function UpgradePlanDialog(props: PlanUpgrade) {
  const { plan, choice, periodEnd, onClose, currency, mode, offer } = props;
  const nextMonth = choice?.change === 'current';
  const until = periodEnd ? formatDate(periodEnd) : null;
  const checkout = useCheckout();
  const regular = plan?.prices?.[currency] ?? null;

  function close() {
    checkout.clearError();
    onClose();
  }

  return (
    <Dialog open={plan !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="upgrade-title">
      <DialogTitle id="upgrade-title">{nextMonth ? 'Buy the Next Month' : 'Upgrade Your Plan'}</DialogTitle>
      {plan && regular !== null && (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <CheckoutModeNotice mode={mode} />
          <Typography>
            {plan.name}: {priceText(regular, currency)} per month, bought one month at a time. We e-mail you 3 days
            before the month ends; nothing renews without you.
          </Typography>
          {until && (
            <Typography>
              {nextMonth
                ? `This month follows on from the one you have, which ends on ${until}.`
                : `It starts as soon as you pay and replaces the rest of your current month (paid until ${until}).`}
            </Typography>
          )}
          {choice?.first_month_discount && (
            <Typography color="success.main">
              Launch offer: while places last, your first month is {offer.discount_percent}% off
              {currency === 'INR' && plan.price !== null ? ` (${priceText(plan.price, 'INR')})` : ''}. The checkout
              shows the exact amount. The place is yours when the payment is captured; if the last one has gone by then,
              the payment buys the part of a month it pays for at the regular price.
            </Typography>
          )}
          <Typography component="ul" variant="body2" sx={{ m: 0, pl: 2.5 }}>
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </Typography>
          {checkout.error && <Alert severity="error">{checkout.error}</Alert>}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {plan && choice?.can_buy && mode !== 'off' && (
          <Button
            variant="contained"
            disabled={checkout.pending}
            onClick={() => void checkout.buy('plan', plan.id, currency, `${plan.name} plan, one month`)}
          >
            {checkout.pending ? 'Processing...' : nextMonth ? 'Buy the next month' : `Upgrade to ${plan.name}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
