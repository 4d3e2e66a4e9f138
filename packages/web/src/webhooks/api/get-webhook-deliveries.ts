import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveriesResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/webhooks/{id}/deliveries: the endpoint's latest tries, newest first. */
export function getWebhookDeliveries(id: string): Promise<WebhookDeliveriesResponse> {
  return apiJson<WebhookDeliveriesResponse>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`, {
    fallbackError: 'Failed to load the deliveries',
  });
}

// Tries arrive in the background: while the list is open it refreshes every few seconds.
const REFRESH_MS = 5_000;

/** Query options for one endpoint's deliveries. */
export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: ['webhooks', id, 'deliveries'],
    queryFn: () => getWebhookDeliveries(id),
    refetchInterval: REFRESH_MS,
  });

/** One endpoint's latest delivery tries. */
export function useWebhookDeliveries(id: string) {
  return useQuery(deliveriesQuery(id));
}
