import {
  ADMIN_AUDIT_ACTIONS,
  type AuditAction,
  type AuditLog,
  type AuditLogsResponse,
  type AuditStatus,
} from '@unnest/contracts';
import type { Clock } from '../platform/clock.js';
import type { DomainEventPayloads, DomainEvents } from '../platform/domain-events.js';
import type { Logger } from '../platform/logger.js';
import type { AuditFilter, AuditRepository, AuditRow, ConversionTotals } from './repository.js';

/** Actions that count as conversions in the statistics. */
export const CONVERSION_ACTIONS: readonly AuditAction[] = ['json_to_csv', 'csv_to_json'];

/** One thing to write into the usage history. */
export interface AuditEntry {
  action: AuditAction;
  status: AuditStatus;
  details: string;
  fileSizeBytes?: number | undefined;
  durationMs?: number | undefined;
  /** The account an admin action was done to, as it is at the time. */
  subject?: { id: string; email: string } | undefined;
}

const MB = 1024 * 1024;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** The API shape of an audit row: sizes in MB, durations in seconds (the admin area's logs too). */
export function toAuditLog(row: AuditRow): AuditLog {
  return {
    id: row.id,
    action: row.action as AuditAction,
    status: row.status as AuditStatus,
    details: row.details,
    fileSize: row.fileSizeBytes === null ? null : round(row.fileSizeBytes / MB, 3),
    duration: row.durationMs === null ? null : round(row.durationMs / 1000, 3),
    timestamp: row.createdAt.toISOString(),
  };
}

/**
 * The usage history: every conversion, download, deletion and sign-in of a user, and what admins do.
 * Records of admin actions outlive the accounts they name (kept by id and e-mail at the time).
 */
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /**
   * Writes an entry. The history must never turn a finished conversion into a failure, so a write
   * that fails is logged, not thrown.
   */
  async record(userId: string, entry: AuditEntry): Promise<void> {
    try {
      await this.repository.insert({
        userId,
        subjectUserId: entry.subject?.id ?? null,
        subjectEmail: entry.subject?.email ?? null,
        action: entry.action,
        status: entry.status,
        details: entry.details,
        fileSizeBytes: entry.fileSizeBytes ?? null,
        durationMs: entry.durationMs === undefined ? null : Math.round(entry.durationMs),
        createdAt: this.clock.now(),
      });
    } catch (error) {
      this.log.error({ err: error, userId, action: entry.action }, 'audit entry not written');
    }
  }

  /** Forgets a deleted account's own activity; the records of admin actions by it or on it stay. */
  async forgetOwnActivity(userId: string): Promise<void> {
    await this.repository.deleteOwnActivity(userId, ADMIN_AUDIT_ACTIONS);
  }

  /** One page of the user's history, newest first. */
  async page(userId: string, page: number, pageSize: number): Promise<AuditLogsResponse> {
    return this.filteredPage({ userId }, page, pageSize);
  }

  /** One page of the entries a filter selects, newest first. */
  async filteredPage(filter: AuditFilter, page: number, pageSize: number): Promise<AuditLogsResponse> {
    const { rows, total } = await this.repository.page(filter, (page - 1) * pageSize, pageSize);
    return { logs: rows.map(toAuditLog), total, page, page_size: pageSize };
  }

  /** Conversion counts and bytes, with `since` counting the ones from the start of this month (UTC). */
  async conversionTotals(userId: string): Promise<ConversionTotals> {
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    return this.repository.totals(userId, CONVERSION_ACTIONS, monthStart);
  }
}

/** A conversion's action in the history: JSON in is json_to_csv, anything else (CSV, a relational ZIP) csv_to_json. */
function conversionAction(input: string): AuditAction {
  return input === 'json' ? 'json_to_csv' : 'csv_to_json';
}

/** What one conversion did, for its row in the usage history. */
export interface ConversionRecord {
  userId: string;
  /** The input's format: JSON is recorded as json_to_csv, anything else (CSV, a relational ZIP) as csv_to_json. */
  input: string;
  details: string;
  /** The input's bytes (as far as they were read, for a failure). */
  bytes: number;
  durationMs: number;
}

/**
 * Records how a conversion ended, whatever ran it (a file, pasted text, a batch file, a queued job):
 * its row in the usage history and, for a stored single conversion, its domain event (notifications and
 * webhooks subscribe), whose key makes it once per file.
 */
export class ConversionRecorder {
  constructor(private readonly deps: { audit: AuditService; events: DomainEvents }) {}

  /** A conversion that succeeded; `stored` announces a stored single conversion's file. */
  async succeeded(
    record: ConversionRecord,
    stored?: { event: DomainEventPayloads['conversion.completed']; at: Date },
  ): Promise<void> {
    await this.history(record, 'success');
    if (stored) await this.completed(stored.event, stored.at);
  }

  /**
   * A conversion that failed; `stored` announces a stored single conversion's failure (keyed by its file,
   * or by `started` when it failed before its record was written).
   */
  async failed(
    record: ConversionRecord,
    stored?: { event: DomainEventPayloads['conversion.failed']; started: number; at: Date },
  ): Promise<void> {
    await this.history(record, 'error');
    if (stored) await this.announceFailure(stored.event, stored.at, stored.started);
  }

  /**
   * A conversion refused before it ran (the day's conversions used, a file over the plan, an option the plan
   * lacks, full storage, unreadable options): a failed attempt in the history, so the success rate counts it;
   * nothing was read, so it has no size, and nobody is told (the caller had the answer).
   */
  async refused(record: Pick<ConversionRecord, 'userId' | 'input' | 'details'>): Promise<void> {
    await this.deps.audit.record(record.userId, {
      action: conversionAction(record.input),
      status: 'error',
      details: record.details,
    });
  }

  /** A stored single conversion's file is converted (its history row written where it ran). */
  async completed(event: DomainEventPayloads['conversion.completed'], at: Date): Promise<void> {
    await this.deps.events.publish('conversion.completed', `conversion.completed:${event.fileId}`, event, at);
  }

  /** A stored single conversion failed (its history row written where it ran). */
  async announceFailure(event: DomainEventPayloads['conversion.failed'], at: Date, started?: number): Promise<void> {
    const key = `conversion.failed:${event.fileId ?? `${event.userId}:${started}`}`;
    await this.deps.events.publish('conversion.failed', key, event, at);
  }

  private history(record: ConversionRecord, status: AuditStatus): Promise<void> {
    return this.deps.audit.record(record.userId, {
      action: conversionAction(record.input),
      status,
      details: record.details,
      fileSizeBytes: record.bytes,
      durationMs: record.durationMs,
    });
  }
}
