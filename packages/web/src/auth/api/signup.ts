import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignupBody } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** POST /api/auth/signup: creates the account and e-mails a confirmation code. */
export function signup(body: SignupBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('/api/auth/signup', { method: 'POST', json: body, fallbackError: 'Sign up failed' });
}

/** Mutation hook for signing up. */
export function useSignup() {
  return useMutation({ mutationFn: signup });
}
