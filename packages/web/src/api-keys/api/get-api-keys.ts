import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeysResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** GET /api/keys: the account's keys that are not revoked, newest first (never the keys themselves). */
export function getApiKeys(): Promise<ApiKeysResponse> {
  return apiJson<ApiKeysResponse>('/api/keys', { fallbackError: 'Failed to load your API keys' });
}

/** Query options for the key list. */
export const apiKeysQuery = queryOptions({ queryKey: ['api-keys'], queryFn: getApiKeys });

/** The account's API keys. */
export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
