import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@unnest/contracts';
import { apiJson } from '../api-client';

/** GET /api/payments/plans: the one plan catalogue (no sign-in needed). */
export function getPlans(): Promise<PlansResponse> {
  return apiJson<PlansResponse>('/api/payments/plans', { fallbackError: 'Failed to load payment plans' });
}

/** Query options for the plan catalogue; it rarely changes, so it is kept for ten minutes. */
export const plansQuery = queryOptions({ queryKey: ['plans'], queryFn: getPlans, staleTime: 600_000 });

/** The plan catalogue. */
export function usePlans() {
  return useQuery(plansQuery);
}
