import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rateEvents } from '../db/schema.js';

/** SQL for the sliding-window event counters. */
export class RateEventsRepository {
  constructor(private readonly db: Database) {}

  async record(bucket: string, subject: string, at: Date): Promise<void> {
    await this.db.insert(rateEvents).values({ bucket, subject, occurredAt: at });
  }

  /** Count and oldest time of the events after `since`. */
  async window(bucket: string, subject: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await this.db
      .select({
        // count() is bigint: a string from pg and a number from PGlite; the cast makes both a number.
        count: sql<number>`count(*)::int`,
        oldest: sql<Date | string | null>`min(${rateEvents.occurredAt})`,
      })
      .from(rateEvents)
      .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject), gt(rateEvents.occurredAt, since)));
    const oldest = row?.oldest ?? null;
    return { count: Number(row?.count ?? 0), oldest: oldest === null ? null : new Date(oldest) };
  }

  /**
   * Records an event only while fewer than `max` happened after `since`, atomically: concurrent
   * callers for one subject queue on a transaction-scoped advisory lock, so exactly `max` get in.
   * Returns the new event's id, or undefined (with the window) when the limit is reached.
   */
  async recordIfUnder(
    bucket: string,
    subject: string,
    since: Date,
    max: number,
    at: Date,
  ): Promise<{ id: number } | { id: undefined; oldest: Date | null }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bucket}\n${subject}`}))`);
      const [row] = await tx
        .select({
          count: sql<number>`count(*)::int`,
          oldest: sql<Date | string | null>`min(${rateEvents.occurredAt})`,
        })
        .from(rateEvents)
        .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject), gt(rateEvents.occurredAt, since)));
      if (Number(row?.count ?? 0) >= max) {
        const oldest = row?.oldest ?? null;
        return { id: undefined, oldest: oldest === null ? null : new Date(oldest) };
      }
      const [inserted] = await tx
        .insert(rateEvents)
        .values({ bucket, subject, occurredAt: at })
        .returning({ id: rateEvents.id });
      if (!inserted) throw new Error('rate event was not inserted');
      return { id: inserted.id };
    });
  }

  async deleteById(id: number): Promise<void> {
    await this.db.delete(rateEvents).where(eq(rateEvents.id, id));
  }

  async clear(bucket: string, subject: string): Promise<void> {
    await this.db.delete(rateEvents).where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject)));
  }

  /** Deletes events older than `before`; returns how many. */
  async purge(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(rateEvents)
      .where(lt(rateEvents.occurredAt, before))
      .returning({ id: rateEvents.id });
    return deleted.length;
  }
}
