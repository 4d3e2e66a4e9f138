import { useMutation } from '@tanstack/react-query';
import type { EmailOnlyBody, MessageResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/auth/resend-confirmation: e-mails a new confirmation code. */
export function resendConfirmation(body: EmailOnlyBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('/api/auth/resend-confirmation', {
    method: 'POST',
    json: body,
    fallbackError: 'Failed to resend confirmation code',
  });
}

/** Mutation hook for resending the confirmation code. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
