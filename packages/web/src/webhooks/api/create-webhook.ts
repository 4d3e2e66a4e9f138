import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookRequest, CreateWebhookResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { webhooksQuery } from './get-webhooks';

/** POST /api/webhooks: adds an endpoint; the answer holds its secret, shown only this once. */
export function createWebhook(request: CreateWebhookRequest): Promise<CreateWebhookResponse> {
  return apiJson<CreateWebhookResponse>('/api/webhooks', {
    method: 'POST',
    json: request,
    fallbackError: 'Failed to add the webhook. Please try again.',
  });
}

/** Mutation hook for adding an endpoint; the list is reloaded after. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}
