import type { Plan, PlansResponse, SubscriptionResponse } from '@unnest/contracts';
import type { PaymentsService } from '../payments/service.js';
import type { Account } from '../platform/account.js';
import {
  type ConversionTimeLimits,
  CREDIT_PACKS,
  FIRST_50_OFFER,
  first50Amount,
  PLAN_CATALOGUE,
  type PlanLimits,
  planFeatures,
  planLimits,
  smallestUnit,
  withTimeLimit,
} from '../platform/plan-catalogue.js';
import { conversionsPerDay } from '../platform/plan-quotas.js';
import type { RateLimiter } from '../platform/rate-limiter.js';

const GB = 1024 ** 3;

function describePlan(plan: PlanLimits, offerActive: boolean): Plan {
  const regular = plan.prices?.INR ?? null;
  // The same rounding as the order the server creates, so the card shows what the checkout charges.
  const discounted =
    regular !== null && offerActive && regular > 0 ? first50Amount(smallestUnit(regular)) / 100 : regular;
  return {
    id: plan.id,
    name: plan.name,
    price: discounted,
    original_price: regular,
    currency: 'INR',
    prices: plan.prices,
    popular: plan.popular,
    file_size_limit_mb: plan.fileSizeLimitMb,
    conversions_per_day: plan.conversionsPerDay,
    api_calls_per_month: plan.apiCallsPerMonth,
    batch_size: plan.batchSize,
    storage_gb: plan.storageGb,
    retention_hours: plan.retentionHours,
    conversion_time_limit_seconds: plan.conversionSeconds,
    formats: [...plan.formats],
    speed: plan.speed,
    support: plan.support,
    features: planFeatures(plan),
  };
}

/** The catalogue as clients see it, and each account's entitlements and usage. */
export class PlansService {
  constructor(
    private readonly deps: {
      limiter: RateLimiter;
      payments: PaymentsService;
      /** Conversion time limits configured over the catalogue's (CONVERSION_TIME_LIMITS). */
      timeLimits: ConversionTimeLimits;
      /** Where Enterprise enquiries go (SALES_EMAIL), if anywhere. */
      salesEmail: string | null;
    },
  ) {}

  /** A plan of the catalogue with its limits as this server enforces them. */
  private enforced(planId: string): PlanLimits {
    return withTimeLimit(planLimits(planId), this.deps.timeLimits);
  }

  async plans(): Promise<PlansResponse> {
    const slotsLeft = await this.deps.payments.first50SlotsLeft();
    return {
      plans: PLAN_CATALOGUE.map((plan) => describePlan(this.enforced(plan.id), slotsLeft > 0)),
      credit_packs: [...CREDIT_PACKS],
      first_50_users: {
        active: slotsLeft > 0,
        slots_total: FIRST_50_OFFER.slots,
        slots_left: slotsLeft,
        discount_percent: FIRST_50_OFFER.discountPercent,
        applies_to: 'first_month',
      },
      checkout: this.deps.payments.checkoutSettings(),
      sales_email: this.deps.salesEmail,
    };
  }

  async subscription(account: Account): Promise<SubscriptionResponse> {
    const plan = account.plan;
    const stored = await account.storedBytes();
    const state = await this.deps.payments.accountState(account.id);
    const used = plan.conversionsPerDay < 0 ? 0 : await this.deps.limiter.used(conversionsPerDay(plan), account.id);
    return {
      plan: plan.id,
      plan_name: plan.name,
      is_premium: account.isPremium,
      conversions_used: used,
      conversions_limit: plan.conversionsPerDay,
      storage_used: Math.round((stored / GB) * 1000) / 1000,
      storage_limit: plan.storageGb,
      file_size_limit_mb: plan.fileSizeLimitMb,
      retention_hours: plan.retentionHours,
      conversion_time_limit_seconds: plan.conversionSeconds,
      formats: [...plan.formats],
      batch_size: plan.batchSize,
      credits: state.credits,
      period_end: state.periodEnd,
      renews: state.renews,
      plan_choices: await this.deps.payments.planChoices(account),
    };
  }
}
