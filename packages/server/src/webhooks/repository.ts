import { and, arrayContains, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.js';

/** A stored endpoint (its secrets included: never sent to a client except when created or rotated). */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** A stored delivery. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** One logged try, with the event it carried. */
export type AttemptLog = typeof webhookAttempts.$inferSelect & { eventType: string };

// A malformed id must not reach a uuid column (PostgreSQL would raise an error instead of finding nothing).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The only SQL of the webhooks feature. Every read by id from a request also checks the owner. */
export class WebhooksRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts an endpoint while the account has fewer than `max`, atomically (concurrent creations of one
   * account queue on a transaction-scoped advisory lock); undefined at the cap.
   */
  async insertEndpointUnder(row: typeof webhookEndpoints.$inferInsert, max: number): Promise<EndpointRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints\n${row.userId}`}))`);
      const [held] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, row.userId));
      if (Number(held?.n ?? 0) >= max) return undefined;
      const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
      return inserted;
    });
  }

  async endpoints(userId: string): Promise<EndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(webhookEndpoints.createdAt);
  }

  async ownedEndpoint(userId: string, id: string): Promise<EndpointRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
    return row;
  }

  async endpoint(id: string): Promise<EndpointRow | undefined> {
    const [row] = await this.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  }

  /** False when the user has no such endpoint. */
  async deleteEndpoint(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows = await this.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id });
    return rows.length === 1;
  }

  /** Makes `secret` the signing secret; the one it replaces keeps signing until `previousUntil`. */
  async rotateSecret(
    userId: string,
    id: string,
    secret: string,
    previousUntil: Date,
    now: Date,
  ): Promise<EndpointRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: previousUntil,
        secret,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    return row;
  }

  /** Turns a disabled endpoint back on, with a clean failure count. */
  async enable(userId: string, id: string, now: Date): Promise<EndpointRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ disabledAt: null, disabledReason: null, disabledNoticeSentAt: null, failedInARow: 0, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning();
    return row;
  }

  /** The user's active endpoints subscribed to `eventType`. */
  async subscribers(userId: string, eventType: string): Promise<EndpointRow[]> {
    return this.db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.userId, userId),
          isNull(webhookEndpoints.disabledAt),
          arrayContains(webhookEndpoints.events, [eventType]),
        ),
      );
  }

  /** Adds a delivery; undefined when this endpoint already has one for this event (idempotent). */
  async insertDelivery(row: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow | undefined> {
    const [inserted] = await this.db.insert(webhookDeliveries).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  /**
   * Takes try number `attempt` of a pending delivery, once: the row must still be waiting for exactly
   * that try. Until `leaseUntil` the retry sweep leaves it alone; past it (the process died mid-try),
   * the sweep queues the next try.
   */
  async claimAttempt(id: string, attempt: number, leaseUntil: Date, now: Date): Promise<DeliveryRow | undefined> {
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ attempts: attempt, nextAttemptAt: leaseUntil, updatedAt: now })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, attempt - 1),
        ),
      )
      .returning();
    return row;
  }

  async recordAttempt(row: typeof webhookAttempts.$inferInsert): Promise<void> {
    await this.db.insert(webhookAttempts).values(row).onConflictDoNothing();
  }

  /** Ends a delivery as `delivered` or `failed`. */
  async finishDelivery(id: string, status: 'delivered' | 'failed', now: Date): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ status, nextAttemptAt: null, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
  }

  async scheduleRetry(id: string, at: Date, now: Date): Promise<void> {
    await this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: at, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
  }

  /**
   * Pending deliveries whose next try is due, each leased until `leaseUntil` so that the next sweep
   * does not queue it again; SKIP LOCKED lets sweeps on several workers share the rows.
   */
  async takeDue(
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<Array<{ id: string; attempts: number; userId: string }>> {
    const due = this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const taken = await this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(webhookDeliveries.id, due))
      .returning({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        endpointId: webhookDeliveries.endpointId,
      });
    if (taken.length === 0) return [];
    const owners = await this.db
      .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(taken.map((row) => row.endpointId))]));
    const ownerOf = new Map(owners.map((owner) => [owner.id, owner.userId]));
    // An endpoint deleted meanwhile took its deliveries with it (on delete cascade): nothing to send.
    return taken.flatMap(({ id, attempts, endpointId }) => {
      const userId = ownerOf.get(endpointId);
      return userId === undefined ? [] : [{ id, attempts, userId }];
    });
  }

  /** How many pending deliveries each of these accounts has (accounts with none are left out). */
  async pendingCounts(userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: webhookEndpoints.userId, n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, 'pending'), inArray(webhookEndpoints.userId, [...userIds])))
      .groupBy(webhookEndpoints.userId);
    return new Map(rows.map((row) => [row.userId, Number(row.n)]));
  }

  async resetFailures(endpointId: string): Promise<void> {
    await this.db
      .update(webhookEndpoints)
      .set({ failedInARow: 0 })
      .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failedInARow} <> 0`));
  }

  /**
   * Counts a delivery that used up every try; at `limit` in a row the endpoint is disabled. True only
   * for the call that disabled it (so the owner is told once).
   */
  async countFailedDelivery(endpointId: string, limit: number, reason: string, now: Date): Promise<boolean> {
    const disabled = await this.db
      .update(webhookEndpoints)
      .set({
        failedInARow: sql`${webhookEndpoints.failedInARow} + 1`,
        disabledAt: sql`case when ${webhookEndpoints.failedInARow} + 1 >= ${limit} then ${now.toISOString()}::timestamptz else null end`,
        disabledReason: sql`case when ${webhookEndpoints.failedInARow} + 1 >= ${limit} then ${reason} else null end`,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
      .returning({ disabledAt: webhookEndpoints.disabledAt });
    return disabled[0]?.disabledAt != null;
  }

  /** Claims the right to send the "endpoint disabled" e-mail; the endpoint when this call got it. */
  async claimDisabledNotice(endpointId: string, now: Date): Promise<EndpointRow | undefined> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ disabledNoticeSentAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          isNotNull(webhookEndpoints.disabledAt),
          isNull(webhookEndpoints.disabledNoticeSentAt),
        ),
      )
      .returning();
    return row;
  }

  /** Gives the claim back after the e-mail failed, so the job's retry sends it. */
  async releaseDisabledNotice(endpointId: string): Promise<void> {
    await this.db
      .update(webhookEndpoints)
      .set({ disabledNoticeSentAt: null })
      .where(eq(webhookEndpoints.id, endpointId));
  }

  /** The endpoint's latest tries, newest first. */
  async attempts(endpointId: string, limit: number): Promise<AttemptLog[]> {
    return this.db
      .select({
        id: webhookAttempts.id,
        deliveryId: webhookAttempts.deliveryId,
        endpointId: webhookAttempts.endpointId,
        attempt: webhookAttempts.attempt,
        attemptedAt: webhookAttempts.attemptedAt,
        durationMs: webhookAttempts.durationMs,
        statusCode: webhookAttempts.statusCode,
        succeeded: webhookAttempts.succeeded,
        error: webhookAttempts.error,
        responseExcerpt: webhookAttempts.responseExcerpt,
        eventType: webhookDeliveries.eventType,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookAttempts.endpointId, endpointId))
      .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.attempt))
      .limit(limit);
  }
}
