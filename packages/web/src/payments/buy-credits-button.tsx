import Button from '@mui/material/Button';
import { useState } from 'react';
import { usePlans } from '../lib/api/get-plans';
import { BuyCreditsDialog } from './buy-credits-dialog';

/**
 * A button opening the Buy Credits dialog (the credits card's Buy More, the converter's refusals);
 * absent while buying is off on this server.
 */
export function BuyCreditsButton({ label, size = 'small' }: { label: string; size?: 'small' | 'medium' }) {
  const plans = usePlans();
  const [open, setOpen] = useState(false);
  if (!plans.data || plans.data.checkout.mode === 'off') return null;
  return (
    <>
      <Button size={size} color="inherit" onClick={() => setOpen(true)}>
        {label}
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
