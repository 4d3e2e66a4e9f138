import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { CreditPurchase } from '../components/plans/plan-purchase';
import { priceText } from '../lib/plan-limits';
import { useSession } from '../lib/session';
import { CheckoutModeNotice } from './checkout-mode-notice';
import { useCheckout } from './use-checkout';

/** The Buy Credits dialog (spec 2.3): pick a pack (small by default); credits never expire. */
export function BuyCreditsDialog(props: CreditPurchase) {
  const { open, onClose, packs, currency, mode } = props;
  const { user } = useSession();
  const checkout = useCheckout();
  const [packId, setPackId] = useState(props.initialPack ?? 'small');
  const pack = packs.find((candidate) => candidate.id === packId) ?? packs[0];

  function close() {
    checkout.clearError();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="buy-credits-title">
      <DialogTitle id="buy-credits-title">Buy Credits</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <CheckoutModeNotice mode={mode} />
        <Typography variant="body2" color="text.secondary">
          A credit pays for one conversion your plan does not include: a bigger file, past the daily limit, the premium
          analysis, or XLSX and TSV output. Credits never expire.
        </Typography>
        <RadioGroup aria-label="Credit pack" value={pack?.id ?? ''} onChange={(event) => setPackId(event.target.value)}>
          {packs.map((candidate) => (
            <FormControlLabel
              key={candidate.id}
              value={candidate.id}
              control={<Radio />}
              label={`${candidate.name}: ${candidate.conversions} credits for ${priceText(candidate.prices[currency], currency)}${
                candidate.savings_percent > 0 ? ` (save ${candidate.savings_percent}%)` : ''
              }`}
            />
          ))}
        </RadioGroup>
        {checkout.error && <Alert severity="error">{checkout.error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {mode !== 'off' && pack && (
          <Button
            variant="contained"
            disabled={!user || checkout.pending}
            onClick={() => void checkout.buy('credits', pack.id, currency, `${pack.conversions} conversion credits`)}
          >
            {user ? (checkout.pending ? 'Processing...' : `Buy ${pack.conversions} Credits`) : 'Sign In Required'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
