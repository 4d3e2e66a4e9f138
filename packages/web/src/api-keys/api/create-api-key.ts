import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreatedApiKey } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/keys: a new key, whose full text this answer carries once. */
export function createApiKey(body: CreateApiKeyBody): Promise<CreatedApiKey> {
  return apiJson<CreatedApiKey>('/api/keys', {
    method: 'POST',
    json: body,
    fallbackError: 'Failed to create the API key. Please try again.',
  });
}

/** Mutation hook for creating a key; refreshes the list afterwards. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
