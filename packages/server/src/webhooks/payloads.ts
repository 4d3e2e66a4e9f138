import type { DomainEvent, DomainEventType } from '../platform/domain-events.js';

type DataOf = { [T in DomainEventType]: (event: DomainEvent<T>) => Record<string, unknown> };

// The public shape of each event's `data` (snake_case like the rest of the API; the owner is implied).
const DATA: DataOf = {
  'conversion.completed': (e) => ({
    file_id: e.fileId,
    file_name: e.fileName,
    input_format: e.inputFormat,
    output_format: e.outputFormat,
    original_bytes: e.originalBytes,
    result_bytes: e.resultBytes,
    records: e.records,
    columns: e.columns,
    duration_ms: e.durationMs,
  }),
  'conversion.failed': (e) => ({
    file_id: e.fileId,
    file_name: e.fileName,
    input_format: e.inputFormat,
    error: e.error,
    duration_ms: e.durationMs,
  }),
  'batch.completed': (e) => ({
    job_id: e.jobId,
    status: e.status,
    total_files: e.totalFiles,
    successful_files: e.successfulFiles,
    failed_files: e.failedFiles,
    duration_ms: e.durationMs,
  }),
  'file.expiring': (e) => ({ file_id: e.fileId, file_name: e.fileName, expires_at: e.expiresAt }),
};

/** The JSON body of a webhook message: `{type, timestamp, data}` (the Standard Webhooks payload form). */
export function webhookBody(type: string, timestamp: string, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp, data });
}

/** The body sent for a domain event. */
export function eventBody<T extends DomainEventType>(event: DomainEvent<T>): string {
  const toData = DATA[event.type] as (e: DomainEvent<T>) => Record<string, unknown>;
  return webhookBody(event.type, event.occurredAt, toData(event));
}
