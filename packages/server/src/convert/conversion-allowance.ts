import type { PaymentsService } from '../payments/service.js';
import { fileSizeLimitBytes, type PlanLimits } from '../plans/catalogue.js';
import { conversionsPerDay } from '../plans/quotas.js';
import { AppError } from '../platform/errors.js';
import type { RateLimiter } from '../platform/rate-limiter.js';

/** The largest file a conversion credit pays for (spec: files up to 4 GB). */
export const CREDIT_MAX_BYTES = 4 * 1024 ** 3;

/** What a conversion may do, and how to give back what it took if it fails. */
export interface Allowance {
  /** Bytes it may read: the plan's limit, or up to 4 GB on a credit. */
  maxFileBytes: number;
  /** Gives back the daily conversion or the credit (call once, on failure). */
  release: () => Promise<void>;
  /** Whether a conversion credit pays for it. */
  credit: boolean;
}

/** What a conversion asks beyond its plan, found before it starts. */
export interface BeyondPlan {
  /** The plan's refusal of the output format, when the format is outside the plan. */
  format?: AppError;
  /** Bytes announced (or known) up front, and the plan's refusal when they are over its limit. */
  size?: { bytes: number; refusal: AppError };
}

const ANNOUNCED_SLACK_BYTES = 64 * 1024;
const CREDITS_HINT = 'You have no conversion credits left: buy credits to convert it without upgrading.';

/**
 * The plan pays for a conversion, or one conversion credit does when the plan does not include it (an
 * output format, a file over the plan's size, a conversion past the daily limit). Everything is
 * taken atomically before the work starts: the daily count by the rate limiter, the credit by one
 * guarded UPDATE; a conversion that fails gives its credit back.
 */
export class ConversionAllowance {
  constructor(private readonly deps: { limiter: RateLimiter; payments: PaymentsService }) {}

  async take(userId: string, plan: PlanLimits, beyond: BeyondPlan): Promise<Allowance> {
    const planBytes = fileSizeLimitBytes(plan);
    const refusals: AppError[] = [];
    if (beyond.format) refusals.push(beyond.format);
    // A multipart body announces a little more than its file; that slack never spends a credit.
    const size = beyond.size;
    if (size && size.bytes > planBytes + ANNOUNCED_SLACK_BYTES && size.bytes <= CREDIT_MAX_BYTES) {
      refusals.push(size.refusal);
    }
    if (refusals.length === 0) {
      if (plan.conversionsPerDay < 0) return { maxFileBytes: planBytes, release: async () => {}, credit: false };
      const quota = await this.deps.limiter.acquire(conversionsPerDay(plan), userId);
      if (quota.granted) return { maxFileBytes: planBytes, release: quota.release, credit: false };
      refusals.push(
        new AppError('QUOTA_EXCEEDED', {
          detail: `The ${plan.name} plan includes ${plan.conversionsPerDay} conversions per 24 hours and you have used them all. Try again in ${Math.ceil(quota.retryAfterSeconds / 60)} minute(s), or upgrade your plan.`,
          retryAfterSeconds: quota.retryAfterSeconds,
        }),
      );
    }
    const giveBack = await this.deps.payments.takeCredit(userId);
    if (!giveBack) {
      const [first] = refusals as [AppError];
      throw new AppError(first.code, {
        detail: `${first.message} ${CREDITS_HINT}`,
        ...(first.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: first.retryAfterSeconds }),
      });
    }
    return { maxFileBytes: Math.max(planBytes, CREDIT_MAX_BYTES), release: giveBack, credit: true };
  }
}
