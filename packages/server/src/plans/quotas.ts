import { QUICK_CONVERT_PER_DAY } from '@unnest/contracts';
import type { RateLimit } from '../platform/rate-limiter.js';
import type { PlanLimits } from './catalogue.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Anonymous quick conversions per client address (IPv6 by /64) per rolling 24 hours. */
export const QUICK_CONVERSIONS: RateLimit = { bucket: 'quick-convert', max: QUICK_CONVERT_PER_DAY, windowMs: DAY_MS };

/** A signed-in account's conversions per rolling 24 hours on a plan with a daily limit. */
export function conversionsPerDay(plan: PlanLimits): RateLimit {
  return { bucket: 'conversions', max: plan.conversionsPerDay, windowMs: DAY_MS };
}
