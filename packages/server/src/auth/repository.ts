import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
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

/** A code as issued: its keyed hash and expiry. */
export type NewCode = Pick<CodeRow, 'codeHash' | 'expiresAt' | 'createdAt'>;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

function openCodes(userId: string, purpose: CodePurpose) {
  return and(
    eq(verificationCodes.userId, userId),
    eq(verificationCodes.purpose, purpose),
    isNull(verificationCodes.consumedAt),
  );
}

/** The code, if it is neither used nor expired. */
function usableCode(codeId: string, now: Date) {
  return and(
    eq(verificationCodes.id, codeId),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
  );
}

/** Marks a code used, if it still is usable; false when another request used it or it expired. */
async function useCode(tx: Transaction, codeId: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(usableCode(codeId, now))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}

async function revokeRefreshTokens(tx: Transaction, userId: string, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

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

  /**
   * Inserts an account with its first confirmation code, in one transaction (a code always exists
   * for a pending sign-up); undefined when the e-mail is already taken.
   */
  async createUserWithCode(
    user: Pick<UserRow, 'id' | 'email' | 'passwordHash'>,
    code: NewCode,
    now: Date,
  ): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...user, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (row) await tx.insert(verificationCodes).values({ ...code, userId: row.id, purpose: 'confirm-email' });
      return row;
    });
  }

  /**
   * Starts a pending sign-up over with a new password and code, only when it is still unconfirmed
   * and none of its confirmation codes is still valid: a code in someone's mailbox keeps the
   * password it was sent for. The account row is locked, so a confirmation cannot interleave.
   */
  async replacePendingSignup(userId: string, passwordHash: string, code: NewCode, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ confirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user || user.confirmedAt) return false;
      const [live] = await tx
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(and(openCodes(userId, 'confirm-email'), gt(verificationCodes.expiresAt, now)))
        .limit(1);
      if (live) return false;
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await tx.delete(verificationCodes).where(openCodes(userId, 'confirm-email'));
      await tx.insert(verificationCodes).values({ ...code, userId, purpose: 'confirm-email' });
      return true;
    });
  }

  /**
   * Uses up a confirmation code and marks the address confirmed, in one transaction on the locked
   * account row; false when the code was used, replaced or expired meanwhile.
   */
  async confirmEmail(userId: string, codeId: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!(await useCode(tx, codeId, now))) return false;
      await tx.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, userId));
      return true;
    });
  }

  /**
   * Uses up a reset code, sets the new password (which also confirms the address: the code reached
   * the mailbox), raises the session epoch and revokes every refresh token, in one transaction;
   * false when the code was used or expired meanwhile.
   */
  async resetPassword(userId: string, codeId: string, passwordHash: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await useCode(tx, codeId, now))) return false;
      await tx
        .update(users)
        .set({
          passwordHash,
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`,
          sessionEpoch: sql`${users.sessionEpoch} + 1`,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await revokeRefreshTokens(tx, userId, now);
      return true;
    });
  }

  /** Ends every session of the account: raises its session epoch and revokes its refresh tokens. */
  async endAllSessions(userId: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: now })
        .where(eq(users.id, userId));
      await revokeRefreshTokens(tx, userId, now);
    });
  }

  /**
   * Changes what an account's tokens say (its plan, its admin role) and raises its session epoch, so
   * that every access token issued before stops working and the client's refresh gets the new claims.
   */
  async changeAccess(id: string, change: { plan?: string; isAdmin?: boolean }, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ ...change, sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: now })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  /**
   * Disables an account (ending every session: epoch raised, refresh tokens revoked) or enables it
   * again; false when the account does not exist.
   */
  async setDisabled(id: string, disabled: boolean, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ disabledAt: disabled ? now : null, sessionEpoch: sql`${users.sessionEpoch} + 1`, updatedAt: now })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      if (disabled) await revokeRefreshTokens(tx, id, now);
      return true;
    });
  }

  async setPlan(id: string, plan: string, now: Date): Promise<void> {
    await this.db.update(users).set({ plan, updatedAt: now }).where(eq(users.id, id));
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  /** Replaces the user's open codes for this purpose with a new one (only the newest code works). */
  async replaceCode(userId: string, purpose: CodePurpose, code: NewCode): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(verificationCodes).where(openCodes(userId, purpose));
      await tx.insert(verificationCodes).values({ ...code, userId, purpose });
    });
  }

  /** Deletes the user's unused codes for this purpose (e.g. one whose mail could not be sent). */
  async dropOpenCodes(userId: string, purpose: CodePurpose): Promise<void> {
    await this.db.delete(verificationCodes).where(openCodes(userId, purpose));
  }

  async latestOpenCode(userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(openCodes(userId, purpose))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Reserves one try of a code BEFORE it is compared, in one statement (parallel tries queue on the
   * row): at most `max` tries ever reach the comparison. Returns the tries counted so far, or
   * undefined when none is left (or the code was used or expired meanwhile).
   */
  async reserveAttempt(codeId: string, max: number, now: Date): Promise<number | undefined> {
    const [row] = await this.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(usableCode(codeId, now), lt(verificationCodes.attempts, max)))
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts;
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
