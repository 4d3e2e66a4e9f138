import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileStats } from '@unnest/contracts';
import { apiJson } from '../api-client';

/** GET /api/profile/stats: conversion counts, storage and credits of the signed-in user. */
export function getProfileStats(): Promise<ProfileStats> {
  return apiJson<ProfileStats>('/api/profile/stats', { fallbackError: 'Failed to load usage statistics' });
}

/** Query options for the usage statistics. */
export const profileStatsQuery = queryOptions({ queryKey: ['profile', 'stats'], queryFn: getProfileStats });

/** The signed-in user's usage statistics. */
export function useProfileStats() {
  return useQuery(profileStatsQuery);
}
