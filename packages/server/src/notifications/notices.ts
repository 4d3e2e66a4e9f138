import { NOTIFICATION_DATE_MARK } from '@unnest/contracts';
import type { DomainEvent } from '../platform/domain-events.js';
import type { PlanLimits } from '../platform/plan-catalogue.js';
import type { NoticeContent } from './notice-content.js';

const MB = 1024 * 1024;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

export function conversionCompletedNotice(event: DomainEvent<'conversion.completed'>): NoticeContent {
  const shape = event.records === null ? '' : ` (${event.records} records, ${event.columns} columns)`;
  return {
    title: `${event.fileName} converted to ${event.outputFormat.toUpperCase()}`,
    body: `Your conversion of ${event.fileName} finished in ${seconds(event.durationMs)}${shape}. The result is in your files.`,
    summary: `Finished in ${seconds(event.durationMs)}${shape}. The result is in your files.`,
    link: '/files',
  };
}

export function conversionFailedNotice(event: DomainEvent<'conversion.failed'>): NoticeContent {
  return {
    title: `${event.fileName} could not be converted`,
    body: `Your conversion of ${event.fileName} failed after ${seconds(event.durationMs)}: ${event.error}`,
    summary: `Failed after ${seconds(event.durationMs)}: ${event.error}`,
    link: '/convert',
  };
}

export function batchNotice(event: DomainEvent<'batch.completed'>): NoticeContent {
  const counts = `${event.successfulFiles} of ${event.totalFiles} files converted, ${event.failedFiles} failed`;
  return {
    title: event.status === 'completed' ? 'Your batch finished' : 'Your batch failed',
    body: `${counts}, in ${seconds(event.durationMs)}.`,
    summary: `${counts}, in ${seconds(event.durationMs)}.`,
    link: '/batch',
  };
}

export function fileExpiringNotice(event: DomainEvent<'file.expiring'>): NoticeContent {
  return {
    title: `${event.fileName} will be deleted soon`,
    body: `${event.fileName} is deleted at ${event.expiresAt} (UTC). Download it before then if you still need it.`,
    summary: `It is deleted on ${NOTIFICATION_DATE_MARK}. Download it before then if you still need it.`,
    date: new Date(event.expiresAt),
    link: '/files',
  };
}

export function storageNotice(level: number, usedBytes: number, plan: PlanLimits): NoticeContent {
  return {
    title: `Your storage is ${level}% full`,
    body:
      `You use ${megabytes(usedBytes)} of the ${plan.storageGb} GB your ${plan.name} plan stores. ` +
      'When it is full, new conversions are refused: delete files you no longer need, or upgrade your plan.',
    summary: `You use ${megabytes(usedBytes)} of ${plan.storageGb} GB. Delete files you no longer need, or upgrade your plan.`,
    link: '/files',
  };
}
