import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { fileExpiryNotices, files } from '../db/schema.js';

/** A stored conversion row. */
export type FileRow = typeof files.$inferSelect;
/** What a new row holds. */
export type NewFileRow = typeof files.$inferInsert & { id: string };
/** What a finished conversion adds to its pending row (`options` when only the conversion knew them: plan=auto's plan). */
export type CompletedFile = Pick<FileRow, 'originalSize' | 'resultSize' | 'records' | 'columns' | 'expiresAt'> &
  Partial<Pick<FileRow, 'options'>>;

// A valid UUID never matches anything else; a malformed id must not reach the uuid column (an error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The only SQL of the files feature. Every read by id also checks the owner. */
export class FilesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewFileRow): Promise<FileRow> {
    const [inserted] = await this.db.insert(files).values(row).returning();
    if (!inserted) throw new Error('file row was not inserted');
    return inserted;
  }

  /** Turns a pending row into a converted (or uploaded) one; undefined when the row is gone (deleted meanwhile). */
  async complete(fileId: string, done: CompletedFile, status: 'converted' | 'uploaded'): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set({ ...done, status })
      .where(and(eq(files.id, fileId), eq(files.status, 'pending')))
      .returning();
    return row;
  }

  /** Marks a pending row failed with the reason (it then counts no storage); false when it was not pending. */
  async markFailed(fileId: string, error: string, expiresAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(files)
      .set({ status: 'failed', error, originalSize: 0, resultSize: 0, expiresAt })
      .where(and(eq(files.id, fileId), eq(files.status, 'pending')))
      .returning({ id: files.id });
    return rows.length === 1;
  }

  /** Up to `limit` pending rows created before `before`. */
  async pendingBefore(before: Date, limit: number): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.status, 'pending'), lt(files.createdAt, before)))
      .orderBy(files.createdAt)
      .limit(limit);
  }

  /** Which of these ids have a row that may own bytes (pending, converted or uploaded). */
  async withBytes(fileIds: readonly string[]): Promise<Set<string>> {
    const ids = fileIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, ids), inArray(files.status, ['pending', 'converted', 'uploaded'])));
    return new Set(rows.map((row) => row.id));
  }

  /** The file if it exists and belongs to the user; one answer for missing and foreign ids. */
  async findOwned(userId: string, fileId: string): Promise<FileRow | undefined> {
    if (!UUID.test(fileId)) return undefined;
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.userId, userId)));
    return row;
  }

  async listForUser(userId: string): Promise<FileRow[]> {
    return this.db.select().from(files).where(eq(files.userId, userId)).orderBy(desc(files.createdAt), desc(files.id));
  }

  /** Deletes the row if it is the user's; false when it was not (or is gone already). */
  async deleteOwned(userId: string, fileId: string): Promise<boolean> {
    if (!UUID.test(fileId)) return false;
    const rows = await this.db
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.userId, userId)))
      .returning({ id: files.id });
    return rows.length === 1;
  }

  /** Bytes the user stores (uploads and results). */
  async storedBytes(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ bytes: sql<number>`coalesce(sum(${files.originalSize} + ${files.resultSize}), 0)::float8` })
      .from(files)
      .where(eq(files.userId, userId));
    return Number(row?.bytes ?? 0);
  }

  /** Up to `limit` files whose time is up. */
  /**
   * Gives the user's stored files a new retention `keepMs` (null: until deleted) under `retentionType`:
   * each is kept as if it had been made under it (created plus keep), and never less than keep from now
   * when that is shorter than what it had (so a shorter retention leaves every file at least that long
   * from now). Files still converting get theirs when they finish; files whose time is up stay expired.
   */
  async reapplyRetention(userId: string, keepMs: number | null, retentionType: string, now: Date): Promise<void> {
    const keep = sql`make_interval(secs => ${(keepMs ?? 0) / 1000})`;
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    await this.db
      .update(files)
      .set({
        retentionType,
        expiresAt:
          keepMs === null
            ? null
            : sql`greatest(${files.createdAt} + ${keep}, least(coalesce(${files.expiresAt}, 'infinity'::timestamptz), ${nowAt} + ${keep}))`,
      })
      .where(
        and(
          eq(files.userId, userId),
          ne(files.status, 'pending'),
          or(isNull(files.expiresAt), gt(files.expiresAt, now)),
        ),
      );
  }

  async expired(now: Date, limit: number): Promise<FileRow[]> {
    return this.db.select().from(files).where(lte(files.expiresAt, now)).orderBy(files.expiresAt).limit(limit);
  }

  async deleteById(fileId: string): Promise<void> {
    await this.db.delete(files).where(eq(files.id, fileId));
  }

  /**
   * Claims the kept (premium) converted files that expire by `horizon` and were not announced yet,
   * marking each announced, so that each is claimed once.
   */
  async claimExpiring(now: Date, horizon: Date, limit: number): Promise<FileRow[]> {
    const due = await this.db
      .select({ id: files.id })
      .from(files)
      .leftJoin(fileExpiryNotices, eq(fileExpiryNotices.fileId, files.id))
      .where(
        and(
          eq(files.retentionType, 'premium'),
          eq(files.status, 'converted'),
          gt(files.expiresAt, now),
          lte(files.expiresAt, horizon),
          isNull(fileExpiryNotices.fileId),
        ),
      )
      .limit(limit);
    if (due.length === 0) return [];
    // Two scans at once may see the same files; the primary key lets one of them claim each.
    const claimed = await this.db
      .insert(fileExpiryNotices)
      .values(due.map((row) => ({ fileId: row.id, announcedAt: now })))
      .onConflictDoNothing()
      .returning({ fileId: fileExpiryNotices.fileId });
    if (claimed.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          claimed.map((row) => row.fileId),
        ),
      );
  }
}
