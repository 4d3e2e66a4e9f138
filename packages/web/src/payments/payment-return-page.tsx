import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CheckoutResult } from '@unnest/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../components/centered-spinner';
import { errorText } from '../lib/api-error';
import { useFinishPurchase } from './use-checkout';

/**
 * Where the test-mode checkout page sends the browser back: a paid result is verified by the server
 * (the same check as Razorpay's), then the dashboard shows the success; a declined one says so.
 */
export default function PaymentReturnPage() {
  const [params] = useSearchParams();
  const finish = useFinishPurchase();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const kind = params.get('kind') === 'plan' ? 'plan' : 'credits';
  const declined = params.get('status') !== 'paid';

  useEffect(() => {
    if (declined || started.current) return;
    started.current = true;
    const result: CheckoutResult = {
      razorpay_order_id: params.get('razorpay_order_id') ?? '',
      razorpay_payment_id: params.get('razorpay_payment_id') ?? '',
      razorpay_signature: params.get('razorpay_signature') ?? '',
    };
    finish(kind, result).catch((caught: unknown) =>
      setError(errorText(caught, kind === 'plan' ? 'Payment verification failed' : 'Payment completion failed')),
    );
  }, [declined, finish, kind, params]);

  if (!declined && !error) return <CenteredSpinner label="Confirming your payment..." />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Alert severity="error">{error ?? 'Payment failed.'}</Alert>
      <Button variant="contained" component={RouterLink} to="/dashboard" sx={{ alignSelf: 'flex-start' }}>
        Back to the dashboard
      </Button>
    </Stack>
  );
}
