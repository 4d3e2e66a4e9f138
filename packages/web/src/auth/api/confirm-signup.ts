import { useMutation } from '@tanstack/react-query';
import type { ConfirmSignupBody, MessageResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/auth/confirm-signup: confirms the address with the e-mailed code. */
export function confirmSignup(body: ConfirmSignupBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('/api/auth/confirm-signup', {
    method: 'POST',
    json: body,
    fallbackError: 'Confirmation failed',
  });
}

/** Mutation hook for confirming an e-mail address. */
export function useConfirmSignup() {
  return useMutation({ mutationFn: confirmSignup });
}
