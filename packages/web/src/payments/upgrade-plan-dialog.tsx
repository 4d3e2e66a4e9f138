import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Currency, First50Offer, PaymentMode, Plan } from '@unnest/contracts';
import { priceText } from '../lib/plan-limits';
import { CheckoutModeNotice } from './checkout-mode-notice';
import { useCheckout } from './use-checkout';

/**
 * The Upgrade Your Plan dialog (spec 2.8): one month of the chosen plan. The price shown is the
 * catalogue's; the server decides the first-50 discount when the order is created and charges that.
 */
export function UpgradePlanDialog(props: {
  plan: Plan | null;
  onClose: () => void;
  currency: Currency;
  mode: PaymentMode;
  offer: First50Offer;
}) {
  const { plan, onClose, currency, mode, offer } = props;
  const checkout = useCheckout();
  const regular = plan?.prices?.[currency] ?? null;

  function close() {
    checkout.clearError();
    onClose();
  }

  return (
    <Dialog open={plan !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="upgrade-title">
      <DialogTitle id="upgrade-title">Upgrade Your Plan</DialogTitle>
      {plan && regular !== null && (
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <CheckoutModeNotice mode={mode} />
          <Typography>
            {plan.name}: {priceText(regular, currency)} per month, bought one month at a time. We e-mail you 3 days
            before the month ends; nothing renews without you.
          </Typography>
          {offer.active && (
            <Typography color="success.main">
              Launch offer: while places last, your first month is {offer.discount_percent}% off
              {currency === 'INR' && plan.price !== null ? ` (${priceText(plan.price, 'INR')})` : ''}. The checkout
              shows the exact amount.
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
        {plan && mode !== 'off' && (
          <Button
            variant="contained"
            disabled={checkout.pending}
            onClick={() => void checkout.buy('plan', plan.id, currency, `${plan.name} plan, one month`)}
          >
            {checkout.pending ? 'Processing...' : `Upgrade to ${plan.name}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
