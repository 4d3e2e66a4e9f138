import type { Currency, PayPerUseResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/payments/pay-per-use: an order for a credit pack, priced by the server. */
export function createPackOrder(packId: string, currency: Currency): Promise<PayPerUseResponse> {
  return apiJson<PayPerUseResponse>('/api/payments/pay-per-use', {
    method: 'POST',
    json: { package_id: packId, currency },
    fallbackError: 'Failed to create payment order',
  });
}
