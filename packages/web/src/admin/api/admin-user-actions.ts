import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAddCreditsBody, AdminUserDetail, PlanId, SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';
import { adminUserKey } from './get-admin-users';

/** What an admin can do to an account, each a call under /api/admin/users/{id}. */
export type AdminUserAction =
  | { kind: 'plan'; plan: PlanId }
  | { kind: 'credits'; grant: AdminAddCreditsBody }
  | { kind: 'role'; admin: boolean }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'resend-confirmation' }
  | { kind: 'delete' };

const FALLBACKS: Record<AdminUserAction['kind'], string> = {
  plan: 'Failed to change the plan',
  credits: 'Failed to add credits',
  role: 'Failed to change the role',
  disable: 'Failed to disable the account',
  enable: 'Failed to enable the account',
  'resend-confirmation': 'Failed to resend the confirmation code',
  delete: 'Failed to delete the account',
};

/** Sends one action; answers the account as it is after it (undefined once deleted). */
export async function runAdminUserAction(
  userId: string,
  action: AdminUserAction,
): Promise<AdminUserDetail | undefined> {
  const base = `/api/admin/users/${encodeURIComponent(userId)}`;
  const fallbackError = FALLBACKS[action.kind];
  switch (action.kind) {
    case 'plan':
      return apiJson<AdminUserDetail>(`${base}/plan`, { method: 'PUT', json: { plan: action.plan }, fallbackError });
    case 'credits':
      return apiJson<AdminUserDetail>(`${base}/credits`, { method: 'POST', json: action.grant, fallbackError });
    case 'role':
      return apiJson<AdminUserDetail>(`${base}/role`, { method: 'PUT', json: { admin: action.admin }, fallbackError });
    case 'disable':
    case 'enable':
      return apiJson<AdminUserDetail>(`${base}/${action.kind}`, { method: 'POST', fallbackError });
    case 'resend-confirmation':
      await apiJson<SuccessResponse>(`${base}/resend-confirmation`, { method: 'POST', fallbackError });
      return undefined;
    case 'delete':
      await apiJson<SuccessResponse>(base, { method: 'DELETE', fallbackError });
      return undefined;
  }
}

/** Runs an action on an account and refreshes what the admin area shows of it. */
export function useAdminUserAction(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminUserAction) => runAdminUserAction(userId, action),
    onSuccess: (detail) => {
      if (detail) queryClient.setQueryData(adminUserKey(userId), detail);
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
