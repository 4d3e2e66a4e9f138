import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { files } from '../db/schema.js';

/** A stored conversion row. */
export type FileRow = typeof files.$inferSelect;
/** What a new row holds. */
export type NewFileRow = typeof files.$inferInsert & { id: string };

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
  async expired(now: Date, limit: number): Promise<FileRow[]> {
    return this.db.select().from(files).where(lte(files.expiresAt, now)).orderBy(files.expiresAt).limit(limit);
  }

  async deleteById(fileId: string): Promise<void> {
    await this.db.delete(files).where(eq(files.id, fileId));
  }
}
