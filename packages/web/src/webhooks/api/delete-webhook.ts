import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { deliveriesQuery } from './get-webhook-deliveries';
import { webhooksQuery } from './get-webhooks';

/** DELETE /api/webhooks/{id}: removes an endpoint and its delivery log. */
export function deleteWebhook(id: string): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>(`/api/webhooks/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackError: 'Failed to delete the webhook. Please try again.',
  });
}

/**
 * Mutation hook for deleting an endpoint: it leaves the list at once (so its deliveries are no longer
 * shown nor asked for: they went with it, and asking again answers 404), then the list alone is reloaded.
 */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData(webhooksQuery.queryKey, (list) =>
        list === undefined ? list : { webhooks: list.webhooks.filter((webhook) => webhook.id !== id) },
      );
      await queryClient.cancelQueries({ queryKey: deliveriesQuery(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: webhooksQuery.queryKey, exact: true });
    },
  });
}
