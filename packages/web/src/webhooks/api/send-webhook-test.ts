import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookTestResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { deliveriesQuery } from './get-webhook-deliveries';

/** POST /api/webhooks/{id}/test: queues a signed `webhook.test` message. */
export function sendWebhookTest(id: string): Promise<WebhookTestResponse> {
  return apiJson<WebhookTestResponse>(`/api/webhooks/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    fallbackError: 'Failed to send the test message. Please try again.',
  });
}

/** Mutation hook for sending a test; the endpoint's deliveries are reloaded after. */
export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: deliveriesQuery(id).queryKey }),
  });
}
