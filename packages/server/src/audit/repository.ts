import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { auditLogs } from '../db/schema.js';

/** An audit row. */
export type AuditRow = typeof auditLogs.$inferSelect;
/** What a new audit row holds. */
export type NewAuditRow = Omit<typeof auditLogs.$inferInsert, 'id'>;

/** Totals over a user's conversions. */
export interface ConversionTotals {
  total: number;
  successful: number;
  since: number;
  bytes: number;
}

/** The only SQL of the usage history. */
export class AuditRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewAuditRow): Promise<void> {
    await this.db.insert(auditLogs).values(row);
  }

  /** One page of a user's entries, newest first, and how many there are. */
  async page(userId: string, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit)
      .offset(offset);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId));
    return { rows, total: Number(count?.total ?? 0) };
  }

  /** Counts and bytes of the user's entries with these actions; `since` counts the ones after a date. */
  async totals(userId: string, actions: readonly string[], since: Date): Promise<ConversionTotals> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        successful: sql<number>`(count(*) filter (where ${auditLogs.status} = 'success'))::int`,
        since: sql<number>`(count(*) filter (where ${auditLogs.createdAt} >= ${since}))::int`,
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
    };
  }
}
