import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { plansQuery } from '../lib/api/get-plans';

/** The first-50 offer with the live count of places left (refreshed every 30 seconds). */
export function First50Banner() {
  const plans = useQuery({ ...plansQuery, staleTime: 0, refetchInterval: 30_000 });
  const offer = plans.data?.first_50_users;
  if (!offer?.active || plans.data?.checkout.mode === 'off') return null;
  return (
    <Alert severity="success" variant="outlined">
      The first {offer.slots_total} subscribers get {offer.discount_percent}% off their first month automatically:{' '}
      {offer.slots_left} of {offer.slots_total} places left.
    </Alert>
  );
}
