import type { InputFormat } from './file-names.js';
import type { Logger } from './logger.js';

/**
 * What happened, told to whoever reacts to it (notifications, outgoing webhooks) without the code
 * that made it happen knowing who they are. Each event has an `id` that names the occurrence, the
 * same on every retry of the work that published it, so subscribers enqueue at most one job per id.
 */
export interface DomainEventPayloads {
  /**
   * A stored single conversion finished (not the quick convert, not a download-only conversion), or
   * an asynchronous one (POST /api/convert/file?async=1), whose `fileId` is its job's file.
   */
  'conversion.completed': {
    userId: string;
    fileId: string;
    fileName: string;
    inputFormat: InputFormat;
    outputFormat: string;
    originalBytes: number;
    resultBytes: number;
    records: number | null;
    columns: number | null;
    durationMs: number;
  };
  /** A stored single conversion failed; `error` says why (with the position, for invalid input). */
  'conversion.failed': {
    userId: string;
    /** The failed file record, when one was written before the failure. */
    fileId: string | null;
    fileName: string;
    inputFormat: InputFormat;
    error: string;
    durationMs: number;
  };
  /** A batch reached a final state: every file converted or failed, or the job was cancelled. */
  'batch.completed': {
    userId: string;
    jobId: string;
    status: 'completed' | 'failed' | 'cancelled';
    totalFiles: number;
    successfulFiles: number;
    failedFiles: number;
    durationMs: number;
  };
  /** A kept (premium) file will be deleted within 24 hours. */
  'file.expiring': { userId: string; fileId: string; fileName: string; expiresAt: string };
}

export type DomainEventType = keyof DomainEventPayloads;

/** One occurrence as subscribers receive it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  type: T;
  /** Stable for this occurrence (e.g. `conversion.completed:<fileId>`): the idempotency key. */
  id: string;
  occurredAt: string;
} & DomainEventPayloads[T];

type Handler<T extends DomainEventType> = (event: DomainEvent<T>) => Promise<void>;

/**
 * The in-process event bus. Subscribers should only enqueue durable work (a job keyed by the event
 * id) so that publishing stays quick; a failing subscriber is logged and never fails the publisher,
 * whose own work has already succeeded or failed by then.
 */
export class DomainEvents {
  private readonly handlers = new Map<DomainEventType, Array<Handler<DomainEventType>>>();

  constructor(private readonly log: Logger) {}

  subscribe<T extends DomainEventType>(type: T, handler: Handler<T>): void {
    const list = this.handlers.get(type) ?? [];
    list.push(handler as unknown as Handler<DomainEventType>);
    this.handlers.set(type, list);
  }

  async publish<T extends DomainEventType>(
    type: T,
    id: string,
    payload: DomainEventPayloads[T],
    occurredAt: Date,
  ): Promise<void> {
    const event = { ...payload, type, id, occurredAt: occurredAt.toISOString() } as DomainEvent<T>;
    for (const handler of this.handlers.get(type) ?? []) {
      try {
        await handler(event as unknown as DomainEvent<DomainEventType>);
      } catch (error) {
        this.log.error({ err: error, event: type, id }, 'an event subscriber failed');
      }
    }
  }
}
