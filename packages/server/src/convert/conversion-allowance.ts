import { waitText } from '@unnest/contracts';
import type { PaymentsService } from '../payments/service.js';
import { AppError } from '../platform/errors.js';
import { fileSizeLimitBytes, type PlanLimits } from '../platform/plan-catalogue.js';
import { conversionsPerDay } from '../platform/plan-quotas.js';
import type { RateLimiter } from '../platform/rate-limiter.js';

/** The largest file a conversion credit pays for (spec: files up to 4 GB). */
export const CREDIT_MAX_BYTES = 4 * 1024 ** 3;

/** What a conversion may do, and how to give back what it took if it fails. */
export interface Allowance {
  /** Bytes it may read: the plan's limit, or up to 4 GB on a credit. */
  readonly maxFileBytes: number;
  /** Whether a conversion credit pays for it. */
  readonly credit: boolean;
  /** Gives back the daily conversion or the credit (call once, on failure or when what it paid for failed). */
  release(): Promise<void>;
  /** The analysis failed while the conversion stands: a credit spent for the analysis alone goes back. */
  analysisFailed(): Promise<void>;
  /**
   * An upload that announced no size has passed the plan's limit: one credit pays for the rest, up to
   * 4 GB, and the daily conversion it held is given back; without a credit, throws `refusal` with the
   * way to buy credits. Nothing is spent when a credit already pays for the conversion.
   */
  payForSize(refusal: AppError): Promise<void>;
}

/** What a conversion asks beyond its plan, found before it starts. */
export interface BeyondPlan {
  /** The plan's refusal of the output format, when the format is outside the plan. */
  format?: AppError;
  /** Bytes announced (or known) up front, and the plan's refusal when they are over its limit. */
  size?: { bytes: number; refusal: AppError };
  /** The plan's refusal of the premium analysis, when it was asked for and the plan lacks it. */
  analysis?: AppError;
}

const ANNOUNCED_SLACK_BYTES = 64 * 1024;

/**
 * The plan pays for a conversion, or one conversion credit does when the plan does not include it (an
 * output format, a file over the plan's size, a conversion past the daily limit, the premium analysis):
 * one credit per conversion, whatever it asks beyond the plan. Everything is taken atomically before
 * the work starts: the daily count by the rate limiter, the credit by one guarded UPDATE (or, for an
 * upload of unannounced size, when it passes the plan's limit); a conversion that fails gives its
 * credit back.
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
    if (beyond.analysis) refusals.push(beyond.analysis);
    const payments = this.deps.payments;
    if (refusals.length === 0 || (refusals.length === 1 && beyond.analysis)) {
      const quota =
        plan.conversionsPerDay < 0
          ? { granted: true as const, release: async () => {} }
          : await this.deps.limiter.acquire(conversionsPerDay(plan), userId);
      if (quota.granted) {
        // The plan pays for the conversion; a credit for its analysis, if asked (a refusal gives the day's conversion back).
        const credit = beyond.analysis
          ? await payments.spendCredit(userId, beyond.analysis).catch(async (error: unknown) => {
              await quota.release();
              throw error;
            })
          : undefined;
        return new HeldAllowance({ userId, payments, planBytes, quota: quota.release, credit });
      }
      refusals.unshift(
        new AppError('QUOTA_EXCEEDED', {
          detail: `The ${plan.name} plan includes ${plan.conversionsPerDay} conversions per 24 hours and you have used them all. Try again in ${waitText(quota.retryAfterSeconds)}, or upgrade your plan.`,
          retryAfterSeconds: quota.retryAfterSeconds,
        }),
      );
    }
    const credit = await payments.spendCredit(userId, refusals[0] as AppError);
    return new HeldAllowance({ userId, payments, planBytes, quota: undefined, credit });
  }
}

/** The daily conversion and/or the credit one conversion holds. */
class HeldAllowance implements Allowance {
  maxFileBytes: number;
  credit: boolean;
  private creditForAnalysisOnly: boolean;

  constructor(
    private readonly held: {
      userId: string;
      payments: PaymentsService;
      planBytes: number;
      /** Gives back the day's conversion, when the plan pays for the conversion. */
      quota: (() => Promise<void>) | undefined;
      /** Gives back the credit, when one was spent. */
      credit: (() => Promise<void>) | undefined;
    },
  ) {
    this.credit = held.credit !== undefined;
    this.creditForAnalysisOnly = this.credit && held.quota !== undefined;
    this.maxFileBytes =
      this.credit && !this.creditForAnalysisOnly ? Math.max(held.planBytes, CREDIT_MAX_BYTES) : held.planBytes;
  }

  async release(): Promise<void> {
    await Promise.all([this.held.credit?.(), this.held.quota?.()]);
  }

  async analysisFailed(): Promise<void> {
    if (!this.creditForAnalysisOnly) return;
    this.creditForAnalysisOnly = false;
    this.credit = false;
    await this.held.credit?.();
  }

  async payForSize(refusal: AppError): Promise<void> {
    if (this.maxFileBytes >= CREDIT_MAX_BYTES) return;
    // One credit per conversion: the one its analysis spent pays for the size too.
    const credit = this.held.credit ?? (await this.held.payments.spendCredit(this.held.userId, refusal));
    const quota = this.held.quota;
    this.held.credit = credit;
    this.held.quota = undefined;
    await quota?.();
    this.credit = true;
    this.creditForAnalysisOnly = false;
    this.maxFileBytes = Math.max(this.held.planBytes, CREDIT_MAX_BYTES);
  }
}
