import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

/** POST /api/auth/login: the access token (the refresh cookie is set by the server). */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const response = await apiJson<Partial<LoginResponse>>('/api/auth/login', {
    method: 'POST',
    json: body,
    fallbackError: 'Login failed',
  });
  // Spec section 5: anything but success with a token is not a sign-in.
  if (response.success !== true || !response.tokens?.access_token || !response.user) {
    throw new ApiError(200, 'Invalid response format', 'UNKNOWN');
  }
  return response as LoginResponse;
}

/** Mutation hook for signing in. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
