import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { refreshTokens, users, verificationCodes } from '../db/schema.js';

/** An account row. */
export type UserRow = typeof users.$inferSelect;
/** A one-time code row. */
export type CodeRow = typeof verificationCodes.$inferSelect;
/** A refresh token row. */
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
/** What a code is for. */
export type CodePurpose = 'confirm-email' | 'reset-password';

/** The only SQL of the auth feature. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Inserts an account; undefined when the e-mail is already taken. */
  async createUser(email: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({ email, passwordHash, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning();
    return row;
  }

  async updateUser(
    id: string,
    changes: Partial<Pick<UserRow, 'passwordHash' | 'emailConfirmedAt' | 'plan'>>,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, id));
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  /** Replaces the user's open codes for this purpose with a new one (only the newest code works). */
  async replaceCode(code: Pick<CodeRow, 'userId' | 'purpose' | 'codeHash' | 'expiresAt' | 'createdAt'>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, code.userId),
            eq(verificationCodes.purpose, code.purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values(code);
    });
  }

  async latestOpenCode(userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  /** Counts a wrong try in the database (not read-modify-write) and returns the new count. */
  async addWrongAttempt(codeId: string): Promise<number> {
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, codeId))
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts ?? Number.POSITIVE_INFINITY;
  }

  /** Marks a code used; false when another request used it first (single use under races). */
  async consumeCode(codeId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  async insertRefreshToken(
    token: Pick<RefreshTokenRow, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt' | 'createdAt'>,
  ): Promise<void> {
    await this.db.insert(refreshTokens).values(token);
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  }

  /** Revokes one token; false when it was already revoked (a concurrent or replayed refresh). */
  async revokeRefreshToken(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllForUser(userId: string, now: Date): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Deletes codes and refresh tokens that can no longer be used. */
  async purgeDeadRecords(before: Date): Promise<{ codes: number; tokens: number }> {
    const codes = await this.db
      .delete(verificationCodes)
      .where(lt(verificationCodes.expiresAt, before))
      .returning({ id: verificationCodes.id });
    const tokens = await this.db
      .delete(refreshTokens)
      .where(or(lt(refreshTokens.expiresAt, before), lt(refreshTokens.revokedAt, before)))
      .returning({ id: refreshTokens.id });
    return { codes: codes.length, tokens: tokens.length };
  }
}
