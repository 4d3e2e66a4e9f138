import { type ConstructorOptions, type GroupConcurrencyConfig, type Job, PgBoss } from 'pg-boss';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Logger } from './logger.js';

/**
 * A background job: its queue name, payload schema, handler and retry policy in one place. The queue
 * delivers at least once, so handlers must be idempotent.
 */
export interface JobDefinition<S extends TSchema = TSchema> {
  name: string;
  payload: S;
  retry: { limit: number; delaySeconds: number; backoff: boolean };
  expireInSeconds: number;
  /** When set, the queue also runs the job on this cron schedule (once per cluster). */
  schedule?: { cron: string; payload: Static<S> };
  /**
   * When set, a running job's worker refreshes its heartbeat, and a job whose worker died (kill -9)
   * is retried once it has been silent this long (at least 10), instead of waiting for its expiry.
   */
  heartbeatSeconds?: number;
  /** How many of these jobs each worker process runs at once; WORKERS when unset. */
  localConcurrency?: number;
  /** When set, at most this many jobs of one group (`SendOptions.group`) run at once across all workers. */
  groupConcurrency?: GroupConcurrencyConfig;
  /**
   * When set (instead of `groupConcurrency`), at most this many jobs of one group run at once in each
   * worker process: counted in memory, so exact however many of the process's handlers fetch at once
   * (the database count of `groupConcurrency` can be passed by fetches that run at the same moment).
   */
  localGroupConcurrency?: number;
  /**
   * How a worker looks for the next job: every `pollingIntervalSeconds` (default 2, at least 0.5), and
   * with `burst` straight after a job while the queue has more, for queues of many short jobs.
   */
  pickup?: { pollingIntervalSeconds: number; burst: boolean };
  handle(payload: Static<S>): Promise<void>;
}

/** pg-boss's schema (its default), where its job table lives. */
const QUEUE_SCHEMA = 'pgboss';
const FAILURE_TEXT_MAX = 500;

/** A job that failed for good. */
export interface FailedJobRow {
  id: string;
  queue: string;
  retries: number;
  error: string;
  createdAt: Date;
  failedAt: Date | null;
}

/** Jobs of one queue by state. */
export interface QueueDepth {
  name: string;
  waiting: number;
  active: number;
  failed: number;
}

/** pg-boss keeps a failure as the thrown error's `{ message, stack }` (or whatever the handler threw). */
function failureText(output: unknown): string {
  const message =
    output && typeof output === 'object' && 'message' in output
      ? String(output.message)
      : JSON.stringify(output ?? null);
  return message.length > FAILURE_TEXT_MAX ? `${message.slice(0, FAILURE_TEXT_MAX)}…` : message;
}

/**
 * What sending a job needs: its queue name and payload schema. Declared apart from the handler, so that
 * a service can be given a way to enqueue the job whose handler is built on that same service.
 */
export type JobKind<S extends TSchema = TSchema> = Pick<JobDefinition<S>, 'name' | 'payload'>;

/** Declares a job with its payload type inferred from the schema. */
export function defineJob<S extends TSchema>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** How one job is queued: higher `priority` is taken first; `group` counts against `groupConcurrency`. */
export interface SendOptions {
  priority?: number;
  group?: { id: string; tier?: string };
}

/**
 * The job queue (pg-boss on the application database) with the app's job definitions. It is created
 * first, handed to the services that enqueue, and started last, once every definition is built.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();

  private constructor(private readonly boss: PgBoss) {}

  /** The queue, not yet started: nothing can be sent before `start`. */
  static create(options: { connection: ConstructorOptions; log: Logger }): JobQueue {
    const boss = new PgBoss({ ...options.connection, schedule: true, supervise: true, migrate: true });
    boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
    return new JobQueue(boss);
  }

  /**
   * Starts pg-boss (installing or upgrading its schema), creates a queue per definition, and runs
   * `workers` concurrent handlers per queue in this process (0: this process only sends jobs).
   */
  async start(options: { definitions: JobDefinition[]; workers: number }): Promise<void> {
    const { boss } = this;
    await boss.start();
    for (const definition of options.definitions) {
      this.definitions.set(definition.name, definition);
      const queueOptions = {
        retryLimit: definition.retry.limit,
        retryDelay: definition.retry.delaySeconds,
        retryBackoff: definition.retry.backoff,
        expireInSeconds: definition.expireInSeconds,
        ...(definition.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: definition.heartbeatSeconds }),
      };
      // createQueue leaves an existing queue's options alone; updateQueue applies changed ones.
      await boss.createQueue(definition.name, queueOptions);
      await boss.updateQueue(definition.name, queueOptions);
      if (definition.schedule)
        await boss.schedule(definition.name, definition.schedule.cron, definition.schedule.payload as object);
      if (options.workers > 0) {
        await boss.work(
          definition.name,
          {
            localConcurrency: definition.localConcurrency ?? options.workers,
            pollingIntervalSeconds: definition.pickup?.pollingIntervalSeconds ?? 2,
            ...(definition.pickup?.burst ? { burstWhenReadyExceeds: 1 } : {}),
            ...(definition.groupConcurrency ? { groupConcurrency: definition.groupConcurrency } : {}),
            ...(definition.localGroupConcurrency ? { localGroupConcurrency: definition.localGroupConcurrency } : {}),
          },
          async (jobs: Job<unknown>[]) => {
            for (const job of jobs) {
              if (!Value.Check(definition.payload, job.data)) {
                throw new Error(`job ${definition.name} ${job.id} has a payload that does not match its schema`);
              }
              await definition.handle(job.data);
            }
          },
        );
      }
    }
  }

  /** Enqueues one job after checking its payload; returns the job id. */
  async send<S extends TSchema>(
    definition: JobKind<S>,
    payload: Static<S>,
    options: SendOptions = {},
  ): Promise<string> {
    if (!this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is not registered`);
    if (!Value.Check(definition.payload, payload)) throw new Error(`payload for job ${definition.name} is invalid`);
    const id = await this.boss.send(definition.name, payload as object, options);
    if (id === null) throw new Error(`job ${definition.name} was not queued`);
    return id;
  }

  /** Whether a job of `definition` whose payload contains `data` is waiting, to be retried or running. */
  async isQueued<S extends TSchema>(definition: JobKind<S>, data: Partial<Static<S>>): Promise<boolean> {
    const found = await this.boss.findJobs(definition.name, { data: data as object });
    return found.some((job) => job.state === 'created' || job.state === 'retry' || job.state === 'active');
  }

  /** The state of one job (for operators and tests). */
  async state(name: string, id: string): Promise<string | undefined> {
    const job = await this.boss.getJobById(name, id);
    return job?.state;
  }

  /**
   * Jobs that failed for good (their retries used up) and are still kept, newest failure first, with
   * how many there are. Read from pg-boss's own table: its queue statistics lag behind by a monitor pass.
   */
  async failedJobs(offset: number, limit: number): Promise<{ jobs: FailedJobRow[]; total: number }> {
    const db = this.boss.getDb();
    const { rows } = await db.executeSql(
      `SELECT id::text AS id, name, retry_count AS retries, output, created_on, completed_on
         FROM ${QUEUE_SCHEMA}.job WHERE state = 'failed'
         ORDER BY completed_on DESC NULLS LAST, created_on DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const { rows: counted } = await db.executeSql(
      `SELECT count(*)::int AS total FROM ${QUEUE_SCHEMA}.job WHERE state = 'failed'`,
    );
    return {
      jobs: rows.map((row: Record<string, unknown>) => ({
        id: String(row.id),
        queue: String(row.name),
        retries: Number(row.retries),
        error: failureText(row.output),
        createdAt: new Date(row.created_on as string | Date),
        failedAt: row.completed_on ? new Date(row.completed_on as string | Date) : null,
      })),
      total: Number(counted[0]?.total ?? 0),
    };
  }

  /** Jobs waiting, running and failed, per queue, every queue of the app listed (the debug page's queue depth). */
  async depth(): Promise<QueueDepth[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name,
              (count(*) FILTER (WHERE state IN ('created', 'retry')))::int AS waiting,
              (count(*) FILTER (WHERE state = 'active'))::int AS active,
              (count(*) FILTER (WHERE state = 'failed'))::int AS failed
         FROM ${QUEUE_SCHEMA}.job GROUP BY name ORDER BY name`,
    );
    const counted = new Map<string, QueueDepth>(
      rows.map((row: Record<string, unknown>) => [
        String(row.name),
        {
          name: String(row.name),
          waiting: Number(row.waiting),
          active: Number(row.active),
          failed: Number(row.failed),
        },
      ]),
    );
    // Every queue of this app, the empty ones too.
    for (const name of this.definitions.keys()) {
      if (!counted.has(name)) counted.set(name, { name, waiting: 0, active: 0, failed: 0 });
    }
    return [...counted.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Puts a failed job back in its queue; false when there is no such failed job. */
  async retry(queue: string, id: string): Promise<boolean> {
    if (!this.definitions.has(queue)) return false;
    const job = await this.boss.getJobById(queue, id);
    if (job?.state !== 'failed') return false;
    await this.boss.retry(queue, id);
    return true;
  }

  /** Stops workers (letting running jobs finish up to `timeoutMs`) and the queue's connections. */
  async stop(timeoutMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, close: true, timeout: timeoutMs });
  }
}
