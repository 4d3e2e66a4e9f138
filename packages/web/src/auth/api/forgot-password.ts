import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody, MessageResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/auth/forgot-password: e-mails a reset code if the account exists (same answer either way). */
export function forgotPassword(body: EmailOnlyBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('/api/auth/forgot-password', {
    method: 'POST',
    json: body,
    fallbackError: 'Failed to send the reset code',
  });
}

/** Mutation hook for requesting a password reset code. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
