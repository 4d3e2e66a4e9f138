import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rateEvents } from '../db/schema.js';

/** SQL for the sliding-window event counters. */
export class RateEventsRepository {
  constructor(private readonly db: Database) {}

  /** Count of the events after `since`. */
  async count(bucket: string, subject: string, since: Date): Promise<number> {
    const [row] = await this.db
      // count() is bigint: a string from pg and a number from PGlite; the cast makes both a number.
      .select({ count: sql<number>`count(*)::int` })
      .from(rateEvents)
      .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject), gt(rateEvents.occurredAt, since)));
    return Number(row?.count ?? 0);
  }

  /**
   * Records an event only while every window holds fewer than its `max` events after its `since`,
   * atomically: concurrent callers for one subject queue on a transaction-scoped advisory lock, so
   * exactly `max` get in. Returns the new event's id with the places still free (in the fullest
   * window) and when that window gives its oldest event back, or undefined with the moment every full
   * window has freed a place.
   */
  async recordIfUnder(
    bucket: string,
    subject: string,
    windows: readonly { since: Date; max: number }[],
    at: Date,
  ): Promise<{ id: number; remaining: number; nextFreeAt: Date } | { id: undefined; freeAt: Date }> {
    const earliest = new Date(Math.min(...windows.map((window) => window.since.getTime())));
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bucket}\n${subject}`}))`);
      // At most the largest `max` rows: nothing is recorded over a limit.
      const rows = await tx
        .select({ occurredAt: rateEvents.occurredAt })
        .from(rateEvents)
        .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, subject), gt(rateEvents.occurredAt, earliest)))
        .orderBy(asc(rateEvents.occurredAt));
      let freeAt: Date | undefined;
      let remaining = Number.POSITIVE_INFINITY;
      let nextFreeAt = at;
      for (const window of windows) {
        const inWindow = rows.filter((row) => row.occurredAt > window.since);
        const over = inWindow.length - window.max;
        if (over < 0) {
          // Counting this event leaves `left` places; the window's oldest event (or this one) leaves it first.
          const left = -over - 1;
          if (left < remaining) {
            remaining = left;
            nextFreeAt = new Date((inWindow[0]?.occurredAt ?? at).getTime() + (at.getTime() - window.since.getTime()));
          }
          continue;
        }
        // The window frees a place when its (over + 1)-th oldest event leaves it.
        const leaving = inWindow[over]?.occurredAt ?? at;
        const free = new Date(leaving.getTime() + (at.getTime() - window.since.getTime()));
        if (freeAt === undefined || free > freeAt) freeAt = free;
      }
      if (freeAt !== undefined) return { id: undefined, freeAt };
      const [inserted] = await tx
        .insert(rateEvents)
        .values({ bucket, subject, occurredAt: at })
        .returning({ id: rateEvents.id });
      if (!inserted) throw new Error('rate event was not inserted');
      return { id: inserted.id, remaining, nextFreeAt };
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
