import { and, desc, eq, gte, inArray, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { auditLogs, users } from '../db/schema.js';

/** An audit row. */
export type AuditRow = typeof auditLogs.$inferSelect;
/** What a new audit row holds; the acting account's e-mail is read when it is written. */
export type NewAuditRow = Omit<typeof auditLogs.$inferInsert, 'id' | 'email'>;

/** Totals over a user's conversions. */
export interface ConversionTotals {
  /** Every attempt: succeeded, failed, or refused before it ran. */
  total: number;
  successful: number;
  since: number;
  bytes: number;
  /** The attempts with a size (a refused one read nothing). */
  sized: number;
}

/** Which entries a page holds: all of them when empty. */
export interface AuditFilter {
  userId?: string;
  action?: string;
  status?: string;
  /** At or after. */
  from?: Date;
  /** Before. */
  to?: Date;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(auditLogs.userId, filter.userId),
    filter.action === undefined ? undefined : eq(auditLogs.action, filter.action),
    filter.status === undefined ? undefined : eq(auditLogs.status, filter.status),
    filter.from === undefined ? undefined : gte(auditLogs.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(auditLogs.createdAt, filter.to),
  );
}

/** The only SQL of the usage history. */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  /** Writes a row with the acting account's e-mail as it is now, in the same statement. */
  async insert(row: NewAuditRow): Promise<void> {
    const email = sql<string>`(select ${users.email} from ${users} where ${users.id} = ${row.userId})`;
    await this.db.insert(auditLogs).values({ ...row, email });
  }

  /**
   * Deletes what an account did for itself (conversions, downloads, sign-ins), as its deletion promises;
   * what admins did, by it or to it, stays.
   */
  async deleteOwnActivity(userId: string, keptActions: readonly string[]): Promise<void> {
    await this.db
      .delete(auditLogs)
      .where(and(eq(auditLogs.userId, userId), notInArray(auditLogs.action, [...keptActions])));
  }

  /** One page of the entries the filter selects, newest first, and how many there are. */
  async page(filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
    const where = whereOf(filter);
    const rows = await this.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit)
      .offset(offset);
    const [count] = await this.db.select({ total: sql<number>`count(*)::int` }).from(auditLogs).where(where);
    return { rows, total: Number(count?.total ?? 0) };
  }

  /** Counts and bytes of the user's entries with these actions; `since` counts the ones after a date. */
  async totals(userId: string, actions: readonly string[], since: Date): Promise<ConversionTotals> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        successful: sql<number>`(count(*) filter (where ${auditLogs.status} = 'success'))::int`,
        since: sql<number>`(count(*) filter (where ${auditLogs.createdAt} >= ${since}))::int`,
        sized: sql<number>`count(${auditLogs.fileSizeBytes})::int`,
        // sum(bigint) is numeric: a string from pg; float8 comes back as a number from both drivers.
        bytes: sql<number>`coalesce(sum(${auditLogs.fileSizeBytes}), 0)::float8`,
      })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, userId), inArray(auditLogs.action, [...actions])));
    return {
      total: Number(row?.total ?? 0),
      successful: Number(row?.successful ?? 0),
      since: Number(row?.since ?? 0),
      bytes: Number(row?.bytes ?? 0),
      sized: Number(row?.sized ?? 0),
    };
  }
}
