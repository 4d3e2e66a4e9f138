import type { JobKind } from '@unnest/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { batchFiles, batchJobs } from '../db/schema.js';
import type { FoundFields } from '../platform/found-fields.js';

/** A batch job row. */
export type BatchJobRow = typeof batchJobs.$inferSelect;
/** A batch file row. */
export type BatchFileRow = typeof batchFiles.$inferSelect;
/** What a new file row holds. */
export type NewBatchFileRow = typeof batchFiles.$inferInsert & { id: string };

/**
 * The job's state in the database. `uploading` is internal (shown as pending): the request is still
 * storing the files and none is queued yet; a job left uploading by a dead process is swept.
 */
export type StoredJobStatus = 'uploading' | 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FINAL_FILE = ['completed', 'failed', 'cancelled'];
const RUNNING_JOB = ['pending', 'processing'];

/** The only SQL of batch processing. Every read by id from a request also checks the owner. */
export class BatchRepository {
  constructor(private readonly db: Database) {}

  async insertJob(row: typeof batchJobs.$inferInsert & { id: string }): Promise<void> {
    await this.db.insert(batchJobs).values(row);
  }

  async insertFile(row: NewBatchFileRow): Promise<void> {
    await this.db.insert(batchFiles).values(row);
  }

  /**
   * Reserves storage for a file being uploaded: `wanted` bytes, or as many as are free if that is less,
   * but at least `needed`. Returns the bytes now reserved, or undefined when not even `needed` fit in
   * `allowedBytes` beside the user's other batch bytes (uploads and results). Under a per-user lock, so
   * parallel uploads of one user cannot both take the last free bytes (PostgreSQL and PGlite alike).
   */
  async reserve(
    userId: string,
    fileId: string,
    needed: number,
    wanted: number,
    allowedBytes: number,
  ): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`batch-storage:${userId}`}, 0))`);
      const [row] = await tx
        .select({
          used: sql<number>`coalesce(sum(${batchFiles.fileSize} + coalesce(${batchFiles.resultSize}, 0)), 0)::float8`,
        })
        .from(batchFiles)
        .where(and(eq(batchFiles.userId, userId), ne(batchFiles.id, fileId)));
      const free = allowedBytes - Number(row?.used ?? 0);
      if (free < needed) return undefined;
      const reserved = Math.min(wanted, free);
      await tx.update(batchFiles).set({ fileSize: reserved }).where(eq(batchFiles.id, fileId));
      return reserved;
    });
  }

  /** Bytes the user's batch files store (uploads and results). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.db
      .select({
        bytes: sql<number>`coalesce(sum(${batchFiles.fileSize} + coalesce(${batchFiles.resultSize}, 0)), 0)::float8`,
      })
      .from(batchFiles)
      .where(eq(batchFiles.userId, userId));
    return Number(row?.bytes ?? 0);
  }

  /** Moves an uploaded job to pending (it is queued); false when it was deleted meanwhile. */
  async markQueued(jobId: string): Promise<boolean> {
    const rows = await this.db
      .update(batchJobs)
      .set({ status: 'pending' })
      .where(and(eq(batchJobs.id, jobId), eq(batchJobs.status, 'uploading')))
      .returning({ id: batchJobs.id });
    return rows.length === 1;
  }

  async findJob(jobId: string): Promise<BatchJobRow | undefined> {
    if (!UUID.test(jobId)) return undefined;
    const [row] = await this.db.select().from(batchJobs).where(eq(batchJobs.id, jobId));
    return row;
  }

  /** The job if it exists, is the user's and is past its upload; one answer for missing and foreign ids. */
  async findOwnedJob(userId: string, jobId: string): Promise<BatchJobRow | undefined> {
    if (!UUID.test(jobId)) return undefined;
    const [row] = await this.db
      .select()
      .from(batchJobs)
      .where(and(eq(batchJobs.id, jobId), eq(batchJobs.userId, userId), ne(batchJobs.status, 'uploading')));
    return row;
  }

  async filesOf(jobIds: readonly string[]): Promise<BatchFileRow[]> {
    if (jobIds.length === 0) return [];
    return this.db
      .select()
      .from(batchFiles)
      .where(inArray(batchFiles.jobId, [...jobIds]))
      .orderBy(asc(batchFiles.jobId), asc(batchFiles.position));
  }

  async findFile(fileId: string): Promise<BatchFileRow | undefined> {
    if (!UUID.test(fileId)) return undefined;
    const [row] = await this.db.select().from(batchFiles).where(eq(batchFiles.id, fileId));
    return row;
  }

  /** A user's jobs past their upload, newest first, one page, with the total. */
  /** One page of the user's jobs of one kind (or of every kind), newest first. */
  async page(
    userId: string,
    offset: number,
    limit: number,
    kind?: JobKind,
  ): Promise<{ jobs: BatchJobRow[]; total: number }> {
    const visible = and(
      eq(batchJobs.userId, userId),
      ne(batchJobs.status, 'uploading'),
      kind === undefined ? undefined : eq(batchJobs.kind, kind),
    );
    const jobs = await this.db
      .select()
      .from(batchJobs)
      .where(visible)
      .orderBy(desc(batchJobs.createdAt), desc(batchJobs.id))
      .offset(offset)
      .limit(limit);
    const [total] = await this.db.select({ n: count() }).from(batchJobs).where(visible);
    return { jobs, total: Number(total?.n ?? 0) };
  }

  /** Deletes the job (its files go with it) if it is the user's; false otherwise. */
  async deleteOwnedJob(userId: string, jobId: string): Promise<boolean> {
    if (!UUID.test(jobId)) return false;
    const rows = await this.db
      .delete(batchJobs)
      .where(and(eq(batchJobs.id, jobId), eq(batchJobs.userId, userId)))
      .returning({ id: batchJobs.id });
    return rows.length === 1;
  }

  async deleteJob(jobId: string): Promise<void> {
    await this.db.delete(batchJobs).where(eq(batchJobs.id, jobId));
  }

  /** Every job id of the user past its upload (to delete them with their bytes). */
  async jobIdsOf(userId: string, kind: JobKind): Promise<string[]> {
    const rows = await this.db
      .select({ id: batchJobs.id })
      .from(batchJobs)
      .where(and(eq(batchJobs.userId, userId), ne(batchJobs.status, 'uploading'), eq(batchJobs.kind, kind)));
    return rows.map((row) => row.id);
  }

  /**
   * Gives the user's jobs a new time to be kept after they end (`keepSeconds`, null: until deleted), as
   * files get theirs: as if made under it, and never less than that from now when it is shorter than
   * what an ended job had. Jobs whose time is already up stay expired.
   */
  async reapplyRetention(userId: string, keepSeconds: number | null, now: Date): Promise<void> {
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    const ageSeconds = sql`extract(epoch from (${nowAt} - ${batchJobs.completedAt}))`;
    await this.db
      .update(batchJobs)
      .set({
        keepSeconds:
          keepSeconds === null
            ? null
            : sql`case when ${batchJobs.completedAt} is null then ${keepSeconds}::int else greatest(${keepSeconds}::int, least(coalesce(${batchJobs.keepSeconds}, 2147483647), ceil(${ageSeconds})::int + ${keepSeconds}::int)) end`,
      })
      .where(
        and(
          eq(batchJobs.userId, userId),
          or(
            isNull(batchJobs.keepSeconds),
            isNull(batchJobs.completedAt),
            sql`${batchJobs.completedAt} + make_interval(secs => ${batchJobs.keepSeconds}) > ${nowAt}`,
          ),
        ),
      );
  }

  /** Up to 100 jobs whose time to be kept after they ended is over at `now` (oldest first). */
  async expiredJobs(now: Date): Promise<Array<Pick<BatchJobRow, 'id' | 'userId'>>> {
    return this.db
      .select({ id: batchJobs.id, userId: batchJobs.userId })
      .from(batchJobs)
      .where(
        and(
          isNotNull(batchJobs.keepSeconds),
          isNotNull(batchJobs.completedAt),
          sql`${batchJobs.completedAt} + make_interval(secs => ${batchJobs.keepSeconds}) <= ${now}`,
        ),
      )
      .orderBy(asc(batchJobs.completedAt))
      .limit(100);
  }

  /** Which of these job ids still have a row. */
  async existingJobIds(jobIds: readonly string[]): Promise<Set<string>> {
    const ids = jobIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Set();
    const rows = await this.db.select({ id: batchJobs.id }).from(batchJobs).where(inArray(batchJobs.id, ids));
    return new Set(rows.map((row) => row.id));
  }

  /** Pending files of running jobs created before `before` (their queue job may be lost). */
  async pendingOfRunningJobs(before: Date): Promise<Array<BatchFileRow & { priority: number; tier: string }>> {
    const rows = await this.db
      .select({ file: batchFiles, priority: batchJobs.priority, tier: batchJobs.tier })
      .from(batchFiles)
      .innerJoin(batchJobs, eq(batchJobs.id, batchFiles.jobId))
      .where(
        and(eq(batchFiles.status, 'pending'), inArray(batchJobs.status, RUNNING_JOB), lt(batchJobs.createdAt, before)),
      )
      .limit(1000);
    return rows.map((row) => ({ ...row.file, priority: row.priority, tier: row.tier }));
  }

  /** Jobs whose upload began before `before` and never finished (their process died). */
  async staleUploads(before: Date): Promise<BatchJobRow[]> {
    return this.db
      .select()
      .from(batchJobs)
      .where(and(eq(batchJobs.status, 'uploading'), lt(batchJobs.createdAt, before)))
      .limit(100);
  }

  /**
   * Claims a pending file of a running job for `worker`: it becomes processing from its first byte
   * again. Undefined when it is not claimable (another worker has it, it is final, the job ended).
   */
  async claim(fileId: string, worker: string, now: Date): Promise<BatchFileRow | undefined> {
    if (!UUID.test(fileId)) return undefined;
    const [row] = await this.db
      .update(batchFiles)
      .set({
        status: 'processing',
        worker,
        attempts: sql`${batchFiles.attempts} + 1`,
        bytesRead: 0,
        heartbeatAt: now,
        startedAt: now,
      })
      .where(
        and(
          eq(batchFiles.id, fileId),
          eq(batchFiles.status, 'pending'),
          sql`exists (select 1 from ${batchJobs} where ${batchJobs.id} = ${batchFiles.jobId} and ${batchJobs.status} in ('pending', 'processing'))`,
        ),
      )
      .returning();
    if (row) {
      await this.db
        .update(batchJobs)
        .set({ status: 'processing' })
        .where(and(eq(batchJobs.id, row.jobId), eq(batchJobs.status, 'pending')));
    }
    return row;
  }

  /** Gives a file held by a dead `worker` back to the queue; false when someone else already did. */
  async release(fileId: string, worker: string): Promise<boolean> {
    const rows = await this.db
      .update(batchFiles)
      .set({ status: 'pending', worker: null, bytesRead: 0, heartbeatAt: null })
      .where(and(eq(batchFiles.id, fileId), eq(batchFiles.status, 'processing'), eq(batchFiles.worker, worker)))
      .returning({ id: batchFiles.id });
    return rows.length === 1;
  }

  /** Processing files whose heartbeat is older than `before`, or held by one of `deadWorkers`. */
  async interrupted(before: Date, deadWorkers: (worker: string) => boolean): Promise<BatchFileRow[]> {
    const rows = await this.db.select().from(batchFiles).where(eq(batchFiles.status, 'processing')).limit(1000);
    return rows.filter(
      (row) => row.heartbeatAt === null || row.heartbeatAt < before || (row.worker !== null && deadWorkers(row.worker)),
    );
  }

  /**
   * Records progress while `worker` holds the file; false when it no longer does (cancelled, deleted,
   * taken over), which tells the conversion to stop.
   */
  async progress(fileId: string, worker: string, bytesRead: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(batchFiles)
      .set({ bytesRead, heartbeatAt: now })
      .where(and(eq(batchFiles.id, fileId), eq(batchFiles.status, 'processing'), eq(batchFiles.worker, worker)))
      .returning({ id: batchFiles.id });
    return rows.length === 1;
  }

  /**
   * Completes a file `worker` holds, if its result fits the user's storage (`allowedBytes`, checked
   * under the same per-user lock as uploads). 'lost' when the worker no longer holds it.
   */
  async complete(
    file: Pick<BatchFileRow, 'id' | 'userId' | 'fileSize'>,
    worker: string,
    done: { resultSize: number; records: number | null; found: FoundFields; now: Date },
    allowedBytes: number,
  ): Promise<'completed' | 'lost' | 'storage-full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`batch-storage:${file.userId}`}, 0))`);
      const [row] = await tx
        .select({
          used: sql<number>`coalesce(sum(${batchFiles.fileSize} + coalesce(${batchFiles.resultSize}, 0)), 0)::float8`,
        })
        .from(batchFiles)
        .where(and(eq(batchFiles.userId, file.userId), ne(batchFiles.id, file.id)));
      if (Number(row?.used ?? 0) + file.fileSize + done.resultSize > allowedBytes) return 'storage-full';
      const updated = await tx
        .update(batchFiles)
        .set({
          status: 'completed',
          resultSize: done.resultSize,
          records: done.records,
          recordsPath: done.found.records_path,
          leftOut: done.found.left_out,
          duplicateKeys: done.found.duplicate_keys,
          loneSurrogates: done.found.lone_surrogates,
          appliedPlan: done.found.applied_plan ?? null,
          bytesRead: file.fileSize,
          completedAt: done.now,
          error: null,
        })
        .where(and(eq(batchFiles.id, file.id), eq(batchFiles.status, 'processing'), eq(batchFiles.worker, worker)))
        .returning({ id: batchFiles.id });
      return updated.length === 1 ? 'completed' : 'lost';
    });
  }

  /** Fails a file `worker` holds with `error`; false when it no longer holds it. */
  async fail(fileId: string, worker: string, error: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(batchFiles)
      .set({ status: 'failed', error, completedAt: now, resultSize: null })
      .where(and(eq(batchFiles.id, fileId), eq(batchFiles.status, 'processing'), eq(batchFiles.worker, worker)))
      .returning({ id: batchFiles.id });
    return rows.length === 1;
  }

  /**
   * Moves a running job whose files are all final to its final state (completed when any file
   * converted, else failed), once: the row is returned only to the caller that moved it.
   */
  async finishIfDone(jobId: string, now: Date): Promise<BatchJobRow | undefined> {
    const [row] = await this.db
      .update(batchJobs)
      .set({
        status: sql`case when exists (select 1 from ${batchFiles} where ${batchFiles.jobId} = ${batchJobs.id} and ${batchFiles.status} = 'completed') then 'completed' else 'failed' end`,
        completedAt: now,
      })
      .where(
        and(
          eq(batchJobs.id, jobId),
          inArray(batchJobs.status, RUNNING_JOB),
          sql`not exists (select 1 from ${batchFiles} where ${batchFiles.jobId} = ${batchJobs.id} and ${notInArray(batchFiles.status, FINAL_FILE)})`,
        ),
      )
      .returning();
    return row;
  }

  /** Cancels a running job of the user and its unfinished files, once; undefined otherwise. */
  async cancel(userId: string, jobId: string, reason: string, now: Date): Promise<BatchJobRow | undefined> {
    if (!UUID.test(jobId)) return undefined;
    return this.db.transaction(async (tx) => {
      const [job] = await tx
        .update(batchJobs)
        .set({ status: 'cancelled', completedAt: now })
        .where(and(eq(batchJobs.id, jobId), eq(batchJobs.userId, userId), inArray(batchJobs.status, RUNNING_JOB)))
        .returning();
      if (!job) return undefined;
      await tx
        .update(batchFiles)
        .set({ status: 'cancelled', error: reason, completedAt: now })
        .where(
          and(eq(batchFiles.jobId, jobId), or(eq(batchFiles.status, 'pending'), eq(batchFiles.status, 'processing'))),
        );
      return job;
    });
  }

  /** Stores one file's quality analysis. */
  async saveQuality(fileId: string, quality: unknown, score: number | null): Promise<void> {
    await this.db.update(batchFiles).set({ quality, qualityScore: score }).where(eq(batchFiles.id, fileId));
  }
}
