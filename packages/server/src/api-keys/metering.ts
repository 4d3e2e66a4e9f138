import type { ApiCallsUsage } from '@unnest/contracts';
import type { PaymentsService } from '../payments/service.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { planLimits } from '../platform/plan-catalogue.js';
import type { ApiKeysRepository } from './repository.js';

/** The month API calls are counted in: the calendar month in UTC, as `YYYY-MM`, and when it ends. */
export function apiMonth(at: Date): { month: string; resetAt: Date } {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return {
    month: `${year}-${String(month + 1).padStart(2, '0')}`,
    resetAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** The figures of the RateLimit headers (-1: unlimited). */
export interface CallAllowance {
  limit: number;
  remaining: number;
  resetAt: Date;
  /** Whole seconds until the count starts again. */
  resetSeconds: number;
}

/** One counted call: what is left of the month, and how to give the call back. */
export interface MeteredCall extends CallAllowance {
  giveBack(): Promise<void>;
}

const UNLIMITED = -1;

function allowance(limit: number, used: number, now: Date): CallAllowance {
  const { resetAt } = apiMonth(now);
  return {
    limit,
    remaining: limit === UNLIMITED ? UNLIMITED : Math.max(0, limit - used),
    resetAt,
    resetSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * The plan's API calls per calendar month (UTC). Each key call is counted before its work, in one
 * guarded statement, so parallel calls never pass the limit; past it, one conversion credit pays for
 * the call, else it is refused with 429 API_LIMIT_REACHED (the limit, the count and the reset time).
 */
export class ApiCallMeter {
  constructor(private readonly deps: { repository: ApiKeysRepository; payments: PaymentsService; clock: Clock }) {}

  async take(userId: string, planId: string): Promise<MeteredCall> {
    const { repository, payments } = this.deps;
    const plan = planLimits(planId);
    const limit = plan.apiCallsPerMonth;
    const now = this.deps.clock.now();
    const { month, resetAt } = apiMonth(now);
    const left = (used: number) => allowance(limit, used, now);
    const counted = limit === 0 ? undefined : await repository.countCall(userId, month, limit < 0 ? undefined : limit);
    if (counted !== undefined) {
      return { ...left(counted), giveBack: () => repository.uncountCall(userId, month) };
    }
    const giveBackCredit = await payments.takeCredit(userId);
    if (giveBackCredit) {
      await repository.countCreditCall(userId, month, 1);
      return {
        ...left(limit),
        giveBack: async () => {
          await giveBackCredit();
          await repository.countCreditCall(userId, month, -1);
        },
      };
    }
    throw new AppError('API_LIMIT_REACHED', {
      detail:
        limit === 0
          ? `The ${plan.name} plan includes no API calls. Upgrade your plan, or buy conversion credits (one pays for one call).`
          : `The ${plan.name} plan includes ${limit.toLocaleString('en-US')} API calls per month and you have used them all. They start again on ${resetAt.toISOString()}; upgrade your plan, or buy conversion credits (one pays for one call).`,
      retryAfterSeconds: left(limit).resetSeconds,
      facts: { limit, used: limit, reset_at: resetAt.toISOString() },
    });
  }

  /** What is left of the month, without counting a call. */
  async allowance(userId: string, planId: string): Promise<CallAllowance> {
    const usage = await this.usage(userId, planId);
    return allowance(usage.limit, usage.used, this.deps.clock.now());
  }

  /** The month's figures without counting a call. */
  async usage(userId: string, planId: string): Promise<ApiCallsUsage> {
    const limit = planLimits(planId).apiCallsPerMonth;
    const { month, resetAt } = apiMonth(this.deps.clock.now());
    const { calls, creditCalls } = await this.deps.repository.callsIn(userId, month);
    return {
      month,
      used: calls,
      limit,
      remaining: limit === UNLIMITED ? UNLIMITED : Math.max(0, limit - calls),
      reset_at: resetAt.toISOString(),
      credit_calls: creditCalls,
    };
  }
}
