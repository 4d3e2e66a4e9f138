import { type AnyColumn, and, count, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { auditLogs, files, payments, users } from '../db/schema.js';

/** An account row as the admin area reads it. */
export type AccountRow = typeof users.$inferSelect;
/** An audit row, with the e-mails of the accounts it names as they were at the time. */
export type LogRow = typeof auditLogs.$inferSelect;

/** Filters of the audit of every account. */
export interface LogFilter {
  /** An account id, or part of its e-mail. */
  user?: string | undefined;
  action?: string | undefined;
  status?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// float8: sum(bigint) is numeric, which pg answers as a string; both drivers answer float8 as a number.
const bytesOf = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::float8`;
const day = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** `text` found anywhere in a column, with LIKE's wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The admin area's SQL: reports over every account (counts, sums, the audit of all users). It only
 * reads; what it changes goes through the owning feature's service.
 */
export class AdminRepository {
  constructor(private readonly db: Database) {}

  async accountCount(): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(users);
    return Number(row?.total ?? 0);
  }

  /** Accounts (that still exist) with an audited action since `since`. */
  async activeAccounts(since: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(distinct ${auditLogs.userId})::int` })
      .from(auditLogs)
      .innerJoin(users, eq(users.id, auditLogs.userId))
      .where(gte(auditLogs.createdAt, since));
    return Number(row?.total ?? 0);
  }

  /** Conversions per UTC day since `since`: successful, failed and input bytes. */
  async conversionsPerDay(actions: readonly string[], since: Date) {
    const date = day(auditLogs.createdAt);
    const rows = await this.db
      .select({
        date,
        successful: sql<number>`(count(*) filter (where ${auditLogs.status} = 'success'))::int`,
        failed: sql<number>`(count(*) filter (where ${auditLogs.status} = 'error'))::int`,
        bytes: bytesOf(sql`${auditLogs.fileSizeBytes}`),
      })
      .from(auditLogs)
      .where(and(inArray(auditLogs.action, [...actions]), gte(auditLogs.createdAt, since)))
      .groupBy(date);
    return rows.map((row) => ({
      date: row.date,
      successful: Number(row.successful),
      failed: Number(row.failed),
      bytes: Number(row.bytes),
    }));
  }

  /** Input bytes of every successful conversion on record. */
  async bytesConverted(actions: readonly string[]): Promise<number> {
    const [row] = await this.db
      .select({ bytes: bytesOf(sql`${auditLogs.fileSizeBytes}`) })
      .from(auditLogs)
      .where(and(inArray(auditLogs.action, [...actions]), eq(auditLogs.status, 'success')));
    return Number(row?.bytes ?? 0);
  }

  /** Bytes stored for every account (uploads and results). */
  async storageUsed(): Promise<number> {
    const [row] = await this.db
      .select({ bytes: bytesOf(sql`${files.originalSize} + ${files.resultSize}`) })
      .from(files);
    return Number(row?.bytes ?? 0);
  }

  /** Money received per currency, refunds taken off. */
  async revenue(): Promise<Array<{ currency: string; amount: number; payments: number }>> {
    const rows = await this.db
      .select({
        currency: payments.currency,
        amount: sql<number>`coalesce(sum(${payments.amount} - coalesce(${payments.refundedAmount}, 0)), 0)::float8`,
        payments: sql<number>`count(*)::int`,
      })
      .from(payments)
      .groupBy(payments.currency)
      .orderBy(payments.currency);
    return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount), payments: Number(row.payments) }));
  }

  /** A page of accounts whose e-mail contains `query` (all without one), newest first. */
  async accounts(query: string | undefined, offset: number, limit: number) {
    const where = query ? ilike(users.email, containing(query.trim().toLowerCase())) : undefined;
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ total: count() }).from(users).where(where);
    return { rows, total: Number(total?.total ?? 0) };
  }

  async account(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async fileCount(userId: string): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(files).where(eq(files.userId, userId));
    return Number(row?.total ?? 0);
  }

  /**
   * A page of every account's audit, newest first, filtered; `user` matches the account that acted or
   * the one acted on, by id or e-mail at the time, deleted accounts included.
   */
  async logs(filter: LogFilter, offset: number, limit: number): Promise<{ rows: LogRow[]; total: number }> {
    const conditions: SQL[] = [];
    const user = filter.user?.trim();
    if (user) {
      const pattern = containing(user.toLowerCase());
      const byEmail = or(ilike(auditLogs.email, pattern), ilike(auditLogs.subjectEmail, pattern)) as SQL;
      const byId = or(eq(auditLogs.userId, user), eq(auditLogs.subjectUserId, user)) as SQL;
      conditions.push(UUID.test(user) ? (or(byId, byEmail) as SQL) : byEmail);
    }
    if (filter.action) conditions.push(eq(auditLogs.action, filter.action));
    if (filter.status) conditions.push(eq(auditLogs.status, filter.status));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ total: count() }).from(auditLogs).where(where);
    return { rows, total: Number(total?.total ?? 0) };
  }

  /** Audited actions since `since`, by action and status. */
  async actionCounts(since: Date) {
    const rows = await this.db
      .select({ action: auditLogs.action, status: auditLogs.status, total: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(gte(auditLogs.createdAt, since))
      .groupBy(auditLogs.action, auditLogs.status);
    return rows.map((row) => ({ ...row, total: Number(row.total) }));
  }

  async accountsPerPlan(): Promise<Array<{ plan: string; accounts: number }>> {
    const rows = await this.db
      .select({ plan: users.plan, accounts: sql<number>`count(*)::int` })
      .from(users)
      .groupBy(users.plan);
    return rows.map((row) => ({ plan: row.plan, accounts: Number(row.accounts) }));
  }

  async signupsPerDay(since: Date): Promise<Array<{ date: string; accounts: number }>> {
    const date = day(users.createdAt);
    const rows = await this.db
      .select({ date, accounts: sql<number>`count(*)::int` })
      .from(users)
      .where(gte(users.createdAt, since))
      .groupBy(date)
      .orderBy(date);
    return rows.map((row) => ({ date: row.date, accounts: Number(row.accounts) }));
  }

  /** The accounts that converted the most bytes since `since`. */
  async topConverters(actions: readonly string[], since: Date, limit: number) {
    const bytes = bytesOf(sql`${auditLogs.fileSizeBytes}`);
    const rows = await this.db
      .select({ userId: auditLogs.userId, email: users.email, conversions: sql<number>`count(*)::int`, bytes })
      .from(auditLogs)
      .innerJoin(users, eq(users.id, auditLogs.userId))
      .where(
        and(inArray(auditLogs.action, [...actions]), eq(auditLogs.status, 'success'), gte(auditLogs.createdAt, since)),
      )
      .groupBy(auditLogs.userId, users.email)
      .orderBy(desc(bytes))
      .limit(limit);
    return rows.map((row) => ({ ...row, conversions: Number(row.conversions), bytes: Number(row.bytes) }));
  }
}
