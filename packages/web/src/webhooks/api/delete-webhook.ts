import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { webhooksQuery } from './get-webhooks';

/** DELETE /api/webhooks/{id}: removes an endpoint and its delivery log. */
export function deleteWebhook(id: string): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>(`/api/webhooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackError: 'Failed to delete the webhook. Please try again.',
  });
}

/** Mutation hook for deleting an endpoint; the list is reloaded after. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey }),
  });
}
