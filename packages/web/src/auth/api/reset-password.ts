import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/auth/reset-password: sets a new password with the e-mailed code; ends every session. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('/api/auth/reset-password', {
    method: 'POST',
    json: body,
    fallbackError: 'Password reset failed',
  });
}

/** Mutation hook for resetting the password. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
