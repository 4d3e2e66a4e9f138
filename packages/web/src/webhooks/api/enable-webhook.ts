import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { webhooksQuery } from './get-webhooks';

/** POST /api/webhooks/{id}/enable: turns a disabled endpoint back on. */
export function enableWebhook(id: string): Promise<Webhook> {
  return apiJson<Webhook>(`/api/webhooks/${encodeURIComponent(id)}/enable`, {
    method: 'POST',
    fallbackError: 'Failed to re-enable the webhook. Please try again.',
  });
}

/** Mutation hook for re-enabling an endpoint; the list is reloaded after. */
export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}
