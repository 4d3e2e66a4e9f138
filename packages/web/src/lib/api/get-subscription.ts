import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@unnest/contracts';
import { apiJson } from '../api-client';

/** GET /api/payments/user-subscription: the plan and its limits, with what is used of them. */
export function getSubscription(): Promise<SubscriptionResponse> {
  return apiJson<SubscriptionResponse>('/api/payments/user-subscription', {
    fallbackError: 'Failed to load subscription data. Please try again later.',
  });
}

/** Query options for the subscription. */
export const subscriptionQuery = queryOptions({ queryKey: ['subscription'], queryFn: getSubscription });

/** The signed-in user's plan, limits and usage (`enabled: false` while nobody is signed in). */
export function useSubscription(options: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQuery, enabled: options.enabled ?? true });
}
