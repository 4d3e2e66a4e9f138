import type { Plan } from '@unnest/contracts';
import { formatCount } from './format-count';
import { formatMegabytes } from './format-size';

/** A limit where -1 means unlimited, with its unit. */
export function limitText(value: number, unit = ''): string {
  if (value === -1) return 'Unlimited';
  return `${formatCount(value)}${unit}`;
}

/** A plan's file size limit, in MB or GB. */
export function fileSizeText(megabytes: number): string {
  if (megabytes === -1) return 'Unlimited';
  return formatMegabytes(megabytes);
}

/** How long a plan keeps files. */
export function retentionText(hours: number | null): string {
  if (hours === null) return 'Custom';
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = hours / 24;
  return days === 1 ? '24 hours' : `${days} days`;
}

/** How long a plan lets a conversion run: `2 minutes`, `6 hours`. */
export function conversionTimeText(seconds: number): string {
  const [amount, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A plan's batch size: none, a number of files, or unlimited. */
export function batchText(plan: Pick<Plan, 'batch_size'>): string {
  if (plan.batch_size === 0) return 'None';
  return plan.batch_size === -1 ? 'Unlimited' : `${plan.batch_size} files`;
}

/** A price in a currency, without cents when whole. */
export function priceText(amount: number, currency: 'INR' | 'USD'): string {
  return new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
