import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenewalState } from '@unnest/contracts';
import { subscriptionQuery } from '../../lib/api/get-subscription';
import { apiJson } from '../../lib/api-client';

/** POST /api/payments/cancel (stop renewal reminders) or /api/payments/resume; the plan runs to its period end either way. */
export function setRenewal(renew: boolean): Promise<RenewalState> {
  return apiJson<RenewalState>(renew ? '/api/payments/resume' : '/api/payments/cancel', {
    method: 'POST',
    fallbackError: renew ? 'Failed to resume renewal reminders' : 'Failed to stop renewal reminders',
  });
}

/** Mutation hook for cancel/resume; the subscription is reloaded after. */
export function useSetRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRenewal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionQuery.queryKey }),
  });
}
