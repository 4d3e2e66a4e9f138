import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { useSubscription } from '../lib/api/get-subscription';

/** `/dashboard?payment=success`: what was bought, with the new balance or plan, until closed. */
export function PaymentSuccessAlert() {
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription();
  if (params.get('payment') !== 'success') return null;
  const sub = subscription.data;
  const plan = params.get('kind') === 'plan';
  const detail = !sub
    ? ''
    : plan
      ? ` You are on the ${sub.plan_name} plan${sub.period_end ? ` until ${new Date(sub.period_end).toLocaleDateString()}` : ''}.`
      : ` Your balance is now ${sub.credits} conversion credit${sub.credits === 1 ? '' : 's'}.`;
  return (
    <Alert severity="success" onClose={() => setParams({}, { replace: true })}>
      Payment successful.{detail}
    </Alert>
  );
}
