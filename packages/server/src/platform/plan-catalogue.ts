import type { CreditPack, PlanId } from '@unnest/contracts';

/** What a plan allows; -1 means unlimited, as in the API. */
export interface PlanLimits {
  id: PlanId;
  name: string;
  /** Regular monthly prices in whole units; null: priced on request. */
  prices: { INR: number; USD: number } | null;
  popular: boolean;
  fileSizeLimitMb: number;
  conversionsPerDay: number;
  apiCallsPerMonth: number;
  /** Files per batch; 0 means no batch processing. */
  batchSize: number;
  storageGb: number;
  /** Longest a file is kept; null means no maximum (the user's setting alone decides). */
  retentionHours: number | null;
  /**
   * Longest a conversion may run, in seconds, from when it is handed to the conversion workers (the wait
   * for a free thread and the upload streaming in included): then it is stopped, its bytes removed and what
   * paid for it given back. Sized for the plan's largest file at a modest link; CONVERSION_TIME_LIMITS
   * overrides it.
   */
  conversionSeconds: number;
  /** Output formats; `json` (from CSV) is on every plan. */
  formats: readonly string[];
  /**
   * DESIGN 7.11: the comparison table's speed row is the plan's place in the batch queue (higher goes
   * first) and how many of one user's batch files convert at once, across every worker.
   */
  queuePriority: number;
  batchConcurrency: number;
  /** The speed row's text, written from the two numbers above. */
  speed: string;
  support: string;
}

const HOUR = 1;
const MINUTE = 60;

/** The speed row as what it is: a queue priority and a per-user concurrency. */
function queueText(priority: number, concurrency: number): string {
  return `Queue priority ${priority}, ${concurrency} batch file${concurrency === 1 ? '' : 's'} at once`;
}
const DAY = 24 * HOUR;

/**
 * The one plan catalogue (DESIGN.md decision 3). Limits follow the spec's feature comparison table
 * (file size, conversions per day, API calls per month, batch, speed, export formats, support,
 * retention); storage is ours (the spec's default storage limit is 1024 MB for the free plan).
 * Prices: Professional is the spec's $29 Pro plan; the other prices are the catalogue's own.
 */
export const PLAN_CATALOGUE: readonly PlanLimits[] = [
  {
    id: 'free',
    name: 'Free',
    prices: { INR: 0, USD: 0 },
    popular: false,
    fileSizeLimitMb: 5,
    conversionsPerDay: 10,
    apiCallsPerMonth: 0,
    batchSize: 0,
    storageGb: 1,
    retentionHours: 1 * HOUR,
    conversionSeconds: 2 * MINUTE,
    formats: ['csv', 'json'],
    queuePriority: 1,
    batchConcurrency: 1,
    speed: queueText(1, 1),
    support: 'Community',
  },
  {
    id: 'starter',
    name: 'Starter',
    prices: { INR: 499, USD: 9 },
    popular: false,
    fileSizeLimitMb: 100,
    conversionsPerDay: -1,
    apiCallsPerMonth: 1_000,
    batchSize: 0,
    storageGb: 10,
    retentionHours: 1 * DAY,
    conversionSeconds: 10 * MINUTE,
    formats: ['csv', 'json'],
    queuePriority: 5,
    batchConcurrency: 1,
    speed: queueText(5, 1),
    support: 'Email',
  },
  {
    id: 'professional',
    name: 'Professional',
    prices: { INR: 2_499, USD: 29 },
    popular: true,
    fileSizeLimitMb: 1_024,
    conversionsPerDay: -1,
    apiCallsPerMonth: 50_000,
    batchSize: 25,
    storageGb: 100,
    retentionHours: 7 * DAY,
    conversionSeconds: 30 * MINUTE,
    formats: ['csv', 'xlsx', 'tsv', 'json'],
    queuePriority: 10,
    batchConcurrency: 2,
    speed: queueText(10, 2),
    support: 'Priority',
  },
  {
    id: 'business',
    name: 'Business',
    prices: { INR: 7_999, USD: 99 },
    popular: false,
    fileSizeLimitMb: 10_240,
    conversionsPerDay: -1,
    apiCallsPerMonth: -1,
    batchSize: 100,
    storageGb: 1_000,
    retentionHours: 30 * DAY,
    conversionSeconds: 2 * 60 * MINUTE,
    formats: ['csv', 'xlsx', 'tsv', 'json'],
    queuePriority: 20,
    batchConcurrency: 4,
    speed: queueText(20, 4),
    support: 'Phone',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    prices: null,
    popular: false,
    fileSizeLimitMb: -1,
    conversionsPerDay: -1,
    apiCallsPerMonth: -1,
    batchSize: -1,
    storageGb: -1,
    retentionHours: null,
    conversionSeconds: 6 * 60 * MINUTE,
    formats: ['csv', 'xlsx', 'tsv', 'json'],
    queuePriority: 50,
    batchConcurrency: 8,
    speed: queueText(50, 8),
    support: 'Dedicated',
  },
];

/** Longest a conversion a credit pays for may run (a credit takes files up to 4 GB on any plan). */
export const CREDIT_CONVERSION_SECONDS = 60 * MINUTE;

/** What CONVERSION_TIME_LIMITS sets: seconds per plan, and for conversions a credit pays for. */
export type ConversionTimeLimits = Partial<Record<PlanId | 'credit', number>>;

/** A plan with its conversion time limit as configured (CONVERSION_TIME_LIMITS), the catalogue's otherwise. */
export function withTimeLimit(plan: PlanLimits, limits: ConversionTimeLimits): PlanLimits {
  const configured = limits[plan.id];
  return configured === undefined ? plan : { ...plan, conversionSeconds: configured };
}

/**
 * Milliseconds a conversion may run: the plan's limit, or a credit's when a credit pays for it (the longer).
 */
export function conversionTimeLimitMs(plan: PlanLimits, credit: boolean, limits: ConversionTimeLimits): number {
  const seconds = credit
    ? Math.max(plan.conversionSeconds, limits.credit ?? CREDIT_CONVERSION_SECONDS)
    : plan.conversionSeconds;
  return seconds * 1000;
}

/** A span of seconds as a plan card says it: `2 minutes`, `6 hours`. */
export function durationText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** The spec's credit packs (USD from section 9; INR prices are the catalogue's own). */
export const CREDIT_PACKS: readonly CreditPack[] = [
  pack('small', 'Small Pack', 10, { INR: 399, USD: 4.99 }, 17, false),
  pack('medium', 'Medium Pack', 25, { INR: 799, USD: 9.99 }, 33, true),
  pack('large', 'Large Pack', 50, { INR: 1_449, USD: 17.99 }, 40, false),
  pack('enterprise', 'Enterprise Pack', 100, { INR: 2_399, USD: 29.99 }, 50, false),
];

function pack(
  id: string,
  name: string,
  conversions: number,
  prices: { INR: number; USD: number },
  savingsPercent: number,
  popular: boolean,
): CreditPack {
  const per = (price: number) => Math.round((price / conversions) * 100) / 100;
  return {
    id,
    name,
    conversions,
    prices,
    price_per_conversion: { INR: per(prices.INR), USD: per(prices.USD) },
    savings_percent: savingsPercent,
    popular,
  };
}

/** The first 50 paying accounts get this discount on their first month, automatically. */
export const FIRST_50_OFFER = { slots: 50, discountPercent: 50 } as const;

/** Whole units (499, 4.99) to the currency's smallest unit (49900, 499), without float residue. */
export function smallestUnit(price: number): number {
  return Math.round(price * 100);
}

/** The first-50 price of an amount in the smallest unit (half of it, rounded to the smallest unit). */
export function first50Amount(amount: number): number {
  return Math.round((amount * (100 - FIRST_50_OFFER.discountPercent)) / 100);
}

/** The limits of a plan; unknown ids (a plan removed from the catalogue) get the free plan's. */
export function planLimits(id: string): PlanLimits {
  const free = PLAN_CATALOGUE[0] as PlanLimits;
  return PLAN_CATALOGUE.find((plan) => plan.id === id) ?? free;
}

/** Bytes a plan allows per file, or Infinity. */
export function fileSizeLimitBytes(plan: PlanLimits): number {
  return plan.fileSizeLimitMb < 0 ? Number.POSITIVE_INFINITY : plan.fileSizeLimitMb * 1024 * 1024;
}

/** Bytes of storage a plan allows, or Infinity. */
export function storageLimitBytes(plan: PlanLimits): number {
  return plan.storageGb < 0 ? Number.POSITIVE_INFINITY : plan.storageGb * 1024 ** 3;
}

/**
 * How long a new file is kept: the user's `auto_delete_days` (0: never) within the plan's maximum.
 * Returns milliseconds, or null for "until deleted".
 */
export function retentionMs(plan: PlanLimits, autoDeleteDays: number): number | null {
  const wanted = autoDeleteDays === 0 ? null : autoDeleteDays * 24 * 60 * 60 * 1000;
  const max = plan.retentionHours === null ? null : plan.retentionHours * 60 * 60 * 1000;
  if (wanted === null) return max;
  if (max === null) return wanted;
  return Math.min(wanted, max);
}

/** Human text for a limit in the features list. */
function describeRetention(hours: number | null): string {
  if (hours === null) return 'Custom file retention';
  if (hours < 24) return `Files kept ${hours} hour${hours === 1 ? '' : 's'}`;
  const days = hours / 24;
  return `Files kept ${days} day${days === 1 ? '' : 's'}`;
}

/** The features list a plan card shows, written from the limits so that it cannot disagree with them. */
export function planFeatures(plan: PlanLimits): string[] {
  const unlimited = (n: number, text: string) => (n < 0 ? `Unlimited ${text}` : `${n.toLocaleString('en-US')} ${text}`);
  const size =
    plan.fileSizeLimitMb < 0
      ? 'Unlimited file size'
      : plan.fileSizeLimitMb >= 1024
        ? `Files up to ${plan.fileSizeLimitMb / 1024} GB`
        : `Files up to ${plan.fileSizeLimitMb} MB`;
  const formats = plan.formats
    .filter((format) => format !== 'json')
    .map((format) => format.toUpperCase())
    .join(', ');
  return [
    size,
    unlimited(plan.conversionsPerDay, 'conversions per day'),
    `Export: ${formats} (and CSV to JSON)`,
    describeRetention(plan.retentionHours),
    plan.batchSize === 0 ? 'No batch processing' : unlimited(plan.batchSize, 'files per batch'),
    plan.apiCallsPerMonth === 0 ? 'No API access' : unlimited(plan.apiCallsPerMonth, 'API calls per month'),
    plan.speed,
    `Conversions stop after ${durationText(plan.conversionSeconds)}`,
    `${plan.support} support`,
    plan.storageGb < 0 ? 'Unlimited storage' : `${plan.storageGb.toLocaleString('en-US')} GB storage`,
  ];
}
