import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhooksResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/webhooks: the user's endpoints (never their secrets). */
export function getWebhooks(): Promise<WebhooksResponse> {
  return apiJson<WebhooksResponse>('/api/webhooks', { fallbackError: 'Failed to load your webhooks' });
}

/** Query options for the endpoint list. */
export const webhooksQuery = queryOptions({ queryKey: ['webhooks'], queryFn: getWebhooks });

/** The user's webhook endpoints. */
export function useWebhooks() {
  return useQuery(webhooksQuery);
}
