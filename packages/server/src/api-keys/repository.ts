import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { apiCallCounts, apiKeys } from '../db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type NewApiKey = Omit<typeof apiKeys.$inferInsert, 'id' | 'lastUsedAt' | 'revokedAt'>;

/** The only SQL of API keys and their monthly call counts. */
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts a key while the account holds fewer than `max` unrevoked keys, atomically (concurrent
   * creations of one account queue on a transaction-scoped advisory lock); undefined at the cap.
   */
  async insertUnder(key: NewApiKey, max: number): Promise<ApiKeyRow | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys\n${key.userId}`}))`);
      const [held] = await tx
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.revokedAt)));
      if (Number(held?.n ?? 0) >= max) return undefined;
      const [row] = await tx.insert(apiKeys).values(key).returning();
      return row;
    });
  }

  /** The account's unrevoked keys, newest first. */
  async listActive(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt));
  }

  /** Revokes one of the account's keys; false when it has no such unrevoked key. */
  async revoke(userId: string, id: string, now: Date): Promise<boolean> {
    const revoked = await this.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return revoked.length === 1;
  }

  /** The key with this hash (revoked or expired ones too: the caller says why it fails). */
  async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
    return row;
  }

  /** Records a use unless one was recorded after `recordedSince` (so busy keys are written once a minute). */
  async touch(id: string, now: Date, recordedSince: Date): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, recordedSince))));
  }

  /**
   * Counts one call of the month if fewer than `limit` were counted (no limit: undefined), in one
   * statement: the row lock of the upsert serialises concurrent calls on both databases, so exactly
   * `limit` get in. Returns the new count, or undefined when the limit was already reached.
   */
  async countCall(userId: string, month: string, limit: number | undefined): Promise<number | undefined> {
    const [row] = await this.db
      .insert(apiCallCounts)
      .values({ userId, month, calls: 1 })
      .onConflictDoUpdate({
        target: [apiCallCounts.userId, apiCallCounts.month],
        set: { calls: sql`${apiCallCounts.calls} + 1` },
        ...(limit === undefined ? {} : { setWhere: lt(apiCallCounts.calls, limit) }),
      })
      .returning({ calls: apiCallCounts.calls });
    return row?.calls;
  }

  /** Counts a call past the limit that a credit paid for. */
  async countCreditCall(userId: string, month: string, delta: 1 | -1): Promise<void> {
    await this.db
      .insert(apiCallCounts)
      .values({ userId, month, calls: 0, creditCalls: Math.max(0, delta) })
      .onConflictDoUpdate({
        target: [apiCallCounts.userId, apiCallCounts.month],
        set: { creditCalls: sql`greatest(0, ${apiCallCounts.creditCalls} + ${delta})` },
      });
  }

  /** Gives back one counted call of the month (a call that failed through the server's fault). */
  async uncountCall(userId: string, month: string): Promise<void> {
    await this.db
      .update(apiCallCounts)
      .set({ calls: sql`greatest(0, ${apiCallCounts.calls} - 1)` })
      .where(and(eq(apiCallCounts.userId, userId), eq(apiCallCounts.month, month)));
  }

  /** The month's counts of the account (zero when it made no call). */
  async callsIn(userId: string, month: string): Promise<{ calls: number; creditCalls: number }> {
    const [row] = await this.db
      .select({ calls: apiCallCounts.calls, creditCalls: apiCallCounts.creditCalls })
      .from(apiCallCounts)
      .where(and(eq(apiCallCounts.userId, userId), eq(apiCallCounts.month, month)));
    return { calls: row?.calls ?? 0, creditCalls: row?.creditCalls ?? 0 };
  }
}
