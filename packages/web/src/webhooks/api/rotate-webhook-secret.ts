import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSecretResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { webhooksQuery } from './get-webhooks';

/** POST /api/webhooks/{id}/rotate-secret: a new secret (shown once); the old one signs for 24 more hours. */
export function rotateWebhookSecret(id: string): Promise<WebhookSecretResponse> {
  return apiJson<WebhookSecretResponse>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
    fallbackError: 'Failed to rotate the secret. Please try again.',
  });
}

/** Mutation hook for rotating a secret; the list (with the grace period's end) is reloaded after. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}
