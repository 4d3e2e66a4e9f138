import { ne, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { users } from '../db/schema.js';

/** The only SQL of the plans feature. */
export class PlansRepository {
  constructor(private readonly db: Database) {}

  /** Accounts on a paid plan (the first-50 offer counts them). */
  async payingAccounts(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users).where(ne(users.plan, 'free'));
    return Number(row?.n ?? 0);
  }
}
