import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** DELETE /api/keys/{id}: the key stops working at once. */
export function revokeApiKey(id: string): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>(`/api/keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackError: 'Failed to revoke the API key. Please try again.',
  });
}

/** Mutation hook for revoking a key; refreshes the list afterwards. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
