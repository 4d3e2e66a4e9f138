import Button from '@mui/material/Button';
import { useState } from 'react';
import { usePlans } from '../lib/api/get-plans';
import { BuyCreditsDialog } from '../payments';

/** The Conversion Credits card's Buy More: opens the Buy Credits dialog (absent while buying is off). */
export function BuyMoreButton() {
  const plans = usePlans();
  const [open, setOpen] = useState(false);
  if (!plans.data || plans.data.checkout.mode === 'off') return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} sx={{ ml: -1 }}>
        Buy More
      </Button>
      {open && (
        <BuyCreditsDialog
          open
          onClose={() => setOpen(false)}
          packs={plans.data.credit_packs}
          currency="INR"
          mode={plans.data.checkout.mode}
        />
      )}
    </>
  );
}
