import type { CreateOrderResponse, Currency } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/payments/create-order: a month of a plan, priced by the server (first-50 discount included). */
export function createPlanOrder(planId: string, currency: Currency): Promise<CreateOrderResponse> {
  return apiJson<CreateOrderResponse>('/api/payments/create-order', {
    method: 'POST',
    json: { plan_id: planId, currency },
    fallbackError: 'Failed to create payment order',
  });
}
