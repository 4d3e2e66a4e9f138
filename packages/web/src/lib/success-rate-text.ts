import type { ProfileStats } from '@unnest/contracts';

/**
 * The success rate as the dashboard and the audit page show it: the percentage of every attempt, or '–'
 * before the first one (the server answers 0 then, which would read as every attempt having failed).
 */
export function successRateText(stats: Pick<ProfileStats, 'successRate' | 'totalConversions'> | undefined): string {
  return stats?.totalConversions ? `${stats.successRate.toFixed(1)}%` : '–';
}
