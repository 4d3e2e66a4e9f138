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
import { useEffect, useState } from 'react';
import type { CreditPurchase } from '../components/plans/plan-purchase';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { priceText } from '../lib/plan-limits';
import { useSession } from '../lib/session';
import { CheckoutModeNotice } from './checkout-mode-notice';
import { useCheckout } from './use-checkout';

/**
 * The Buy Credits dialog (spec 2.3): pick a pack (small by default); credits never expire. Signed out,
 * its button asks for a sign-in, and the purchase goes on once the visitor is signed in.
 */
export function BuyCreditsDialog(props: CreditPurchase) {
  const { open, onClose, packs, currency, mode } = props;
  const { user } = useSession();
  const checkout = useCheckout();
  const openAuthDialog = useOpenAuthDialog();
  const [packId, setPackId] = useState(props.initialPack ?? 'small');
  const [buyOnSignIn, setBuyOnSignIn] = useState(false);
  const pack = packs.find((candidate) => candidate.id === packId) ?? packs[0];
  const { buy } = checkout;

  // The session arrives after the sign-in this dialog asked for: the purchase goes on with the pack chosen.
  useEffect(() => {
    if (!buyOnSignIn || !user || !pack) return;
    setBuyOnSignIn(false);
    void buy('credits', pack.id, currency, `${pack.conversions} conversion credits`);
  }, [buyOnSignIn, user, pack, currency, buy]);

  function signInToBuy() {
    setBuyOnSignIn(true);
    openAuthDialog('signin', undefined, 'stay');
  }

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
        {!user && mode !== 'off' && (
          <Alert severity="info">Sign in to buy credits: the purchase goes on once you are signed in.</Alert>
        )}
        {checkout.error && <Alert severity="error">{checkout.error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {mode !== 'off' && pack && !user && (
          <Button variant="contained" onClick={signInToBuy}>
            Sign In to Buy
          </Button>
        )}
        {mode !== 'off' && pack && user && (
          <Button
            variant="contained"
            disabled={checkout.pending}
            onClick={() => void buy('credits', pack.id, currency, `${pack.conversions} conversion credits`)}
          >
            {checkout.pending ? 'Processing...' : `Buy ${pack.conversions} Credits`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
