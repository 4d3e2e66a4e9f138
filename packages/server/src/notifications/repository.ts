import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { notifications, storageAlertLevels, users } from '../db/schema.js';

/** A stored notification. */
export type NotificationRow = typeof notifications.$inferSelect;
/** What a new notification holds. */
export type NewNotificationRow = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'emailedAt'>;

// A malformed id must not reach the uuid column (an error); it matches nothing.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The only SQL of the notifications feature. */
export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  /** Inserts unless a notification with the same event key exists; the new row, or undefined. */
  async insertOnce(row: NewNotificationRow): Promise<NotificationRow | undefined> {
    const [inserted] = await this.db
      .insert(notifications)
      .values(row)
      .onConflictDoNothing({ target: notifications.eventKey })
      .returning();
    return inserted;
  }

  /** One page, newest first. */
  async page(userId: string, page: number, pageSize: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
  }

  async counts(userId: string): Promise<{ total: number; unread: number }> {
    const [row] = await this.db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
  }

  /** Marks one of the user's notifications read; false when the user has no such notification. */
  async markRead(userId: string, id: string, now: Date): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return row !== undefined;
  }

  async markAllRead(userId: string, now: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  /** A notification with its owner's address, for its e-mail. */
  async withRecipient(id: string): Promise<{ notification: NotificationRow; email: string } | undefined> {
    const [row] = await this.db
      .select({ notification: notifications, email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, id));
    return row;
  }

  async markEmailed(id: string, now: Date): Promise<void> {
    await this.db.update(notifications).set({ emailedAt: now }).where(eq(notifications.id, id));
  }

  /**
   * Records the storage level (0, 80 or 90) the account is at now. When it rose, answers the number
   * of this crossing (1, 2, ...), which names it; otherwise undefined. Each statement is atomic, so
   * two checks at once count one crossing.
   */
  async moveStorageLevel(userId: string, level: number, now: Date): Promise<number | undefined> {
    const [created] = await this.db
      .insert(storageAlertLevels)
      .values({ userId, level, crossings: level > 0 ? 1 : 0, updatedAt: now })
      .onConflictDoNothing({ target: storageAlertLevels.userId })
      .returning({ crossings: storageAlertLevels.crossings });
    if (created) return level > 0 ? created.crossings : undefined;
    const [rose] = await this.db
      .update(storageAlertLevels)
      .set({ level, crossings: sql`${storageAlertLevels.crossings} + 1`, updatedAt: now })
      .where(and(eq(storageAlertLevels.userId, userId), lt(storageAlertLevels.level, level)))
      .returning({ crossings: storageAlertLevels.crossings });
    if (rose) return rose.crossings;
    // Going back under a threshold makes the next time over it a new crossing.
    await this.db
      .update(storageAlertLevels)
      .set({ level, updatedAt: now })
      .where(and(eq(storageAlertLevels.userId, userId), sql`${storageAlertLevels.level} > ${level}`));
    return undefined;
  }
}
