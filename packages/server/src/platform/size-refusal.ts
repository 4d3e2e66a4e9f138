import { AppError } from './errors.js';

const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 1000) / 1000;

function sizeText(bytes: number): string {
  if (bytes >= 1024 * MB) return `${round(bytes / (1024 * MB))} GB`;
  if (bytes >= MB) return `${round(bytes / MB)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/**
 * Why an upload is refused for its size: the storage left when that is the smaller bound, else the
 * file limit of the plan (or of the credit paying for it). `unpacked`: a ZIP whose files, unpacked, passed
 * the bound (its own size was within it).
 */
export function tooLargeRefusal(
  planName: string,
  remainingStorage: number,
  allowance: { maxFileBytes: number; credit: boolean },
  { unpacked = false }: { unpacked?: boolean } = {},
): AppError {
  const fileLimit = allowance.maxFileBytes;
  if (remainingStorage < fileLimit) {
    return new AppError('STORAGE_LIMIT_REACHED', {
      detail: `${unpacked ? 'Unpacked, the files in this ZIP do' : 'This file does'} not fit in your remaining storage (${sizeText(Math.max(0, remainingStorage))} free). Delete some files or upgrade your plan.`,
    });
  }
  const subject = unpacked ? 'Unpacked, the files in this ZIP are' : 'The file is';
  return new AppError('FILE_TOO_LARGE', {
    detail: allowance.credit
      ? `${subject} larger than a conversion credit pays for (${sizeText(fileLimit)}).`
      : `${subject} larger than the ${planName} plan allows (${sizeText(fileLimit)}). Upgrade your plan to convert larger files.`,
  });
}
