import { QUICK_CONVERT_PER_DAY } from '@unnest/contracts';
import type { PlanLimits } from './plan-catalogue.js';
import type { RateLimit } from './rate-limiter.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Anonymous quick conversions per client address (IPv6 by /64) per rolling 24 hours. */
export const QUICK_CONVERSIONS: RateLimit = { bucket: 'quick-convert', max: QUICK_CONVERT_PER_DAY, windowMs: DAY_MS };

/** A signed-in account's conversions per rolling 24 hours on a plan with a daily limit. */
export function conversionsPerDay(plan: PlanLimits): RateLimit {
  return { bucket: 'conversions', max: plan.conversionsPerDay, windowMs: DAY_MS };
}
