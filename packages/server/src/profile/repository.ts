import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { userProfiles } from '../db/schema.js';

/** A profile row (display name and settings). */
export type ProfileRow = typeof userProfiles.$inferSelect;

/** The only SQL of the profile feature. */
export class ProfileRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<ProfileRow | undefined> {
    const [row] = await this.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    return row;
  }

  /** Writes the whole row, creating it on first save. */
  async upsert(row: ProfileRow): Promise<void> {
    const { userId: _, ...changes } = row;
    await this.db.insert(userProfiles).values(row).onConflictDoUpdate({ target: userProfiles.userId, set: changes });
  }
}
