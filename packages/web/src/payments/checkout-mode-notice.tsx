import Alert from '@mui/material/Alert';
import type { PaymentMode } from '@unnest/contracts';

/** The label every test-mode purchase screen carries. */
export const TEST_MODE_LABEL = 'Test mode: no money moves';

/** Says plainly when buying is off on this server, and when purchases are test purchases. */
export function CheckoutModeNotice({ mode }: { mode: PaymentMode }) {
  if (mode === 'off') {
    return (
      <Alert severity="info">
        Payments are not configured on this server, so paid plans and credit packs cannot be bought here. The
        administrator of this Unnest server can assign a plan to your account.
      </Alert>
    );
  }
  if (mode === 'test') {
    return (
      <Alert severity="warning">
        {TEST_MODE_LABEL}. This server runs payments in test mode: its own checkout page stands in for the payment
        provider, so you can try every purchase without paying.
      </Alert>
    );
  }
  return null;
}
