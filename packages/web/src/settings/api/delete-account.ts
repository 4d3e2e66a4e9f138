import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody, SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** DELETE /api/profile: deletes the account, its files and history; the password confirms it. */
export function deleteAccount(body: DeleteAccountBody): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>('/api/profile', {
    method: 'DELETE',
    json: body,
    fallbackError: 'Failed to delete your account. Please try again.',
  });
}

/** Mutation hook for deleting the account. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
