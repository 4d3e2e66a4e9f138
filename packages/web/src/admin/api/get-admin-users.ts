import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail, AdminUsersResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

export const USERS_FALLBACK = 'Failed to load accounts';
export const USER_FALLBACK = 'Failed to load the account';

/** GET /api/admin/users: one page of accounts whose e-mail contains `search`. */
export function getAdminUsers(search: string, page: number, pageSize: number): Promise<AdminUsersResponse> {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (search.trim()) query.set('q', search.trim());
  return apiJson<AdminUsersResponse>(`/api/admin/users?${query}`, { fallbackError: USERS_FALLBACK });
}

/** One page of the account search; the previous page stays shown while the next loads. */
export function useAdminUsers(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'users', search.trim(), page, pageSize],
    queryFn: () => getAdminUsers(search, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/{id} */
export function getAdminUser(userId: string): Promise<AdminUserDetail> {
  return apiJson<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`, { fallbackError: USER_FALLBACK });
}

export function adminUserKey(userId: string) {
  return ['admin', 'user', userId] as const;
}

export function useAdminUser(userId: string) {
  return useQuery({ queryKey: adminUserKey(userId), queryFn: () => getAdminUser(userId) });
}
