import { randomUUID } from 'node:crypto';
import { hash as hashPassword, verify as verifyPassword } from '@node-rs/argon2';
import type { CurrentUser, PlanId } from '@unnest/contracts';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Mailer, MailMessage } from '../platform/mail.js';
import type { RateLimiter } from '../platform/rate-limiter.js';
import type { AccessTokens } from './access-tokens.js';
import { describeUser } from './groups.js';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  CONFIRMATION_RESENDS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LONGEST_WINDOW_MS,
  REFRESH_TOKEN_TTL_MS,
  RESET_REQUESTS,
} from './limits.js';
import { confirmationMail, passwordResetMail } from './mail-templates.js';
import type { AuthRepository, CodePurpose, UserRow } from './repository.js';
import { hashCode, hashRefreshToken, newCode, newRefreshToken, sameDigest } from './secrets.js';

/** A signed-in session: the bearer token for the body, the refresh token for the cookie. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  user: CurrentUser;
}

/** What the auth rules need around them. */
export interface AuthServiceDeps {
  repository: AuthRepository;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  accessTokens: AccessTokens;
  /** Key for hashing e-mailed codes; kept out of the database. */
  codeKey: Uint8Array;
  adminEmails: readonly string[];
  log: Logger;
  /** Told of every sign-in of a known account, successful or not (the usage history). */
  onSignIn?: (userId: string, outcome: 'success' | 'error', detail: string) => Promise<void>;
}

/** E-mails compare case-insensitively: stored and looked up lower-cased. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The account rules: sign-up with e-mailed codes, sign-in with throttling, sessions, reset, plans. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /** Creates an account (or renews an unconfirmed one) and e-mails a confirmation code. */
  async signup(rawEmail: string, password: string): Promise<void> {
    const { repository, clock } = this.deps;
    const email = normalizeEmail(rawEmail);
    const passwordHash = await hashPassword(password);
    const existing = await repository.findUserByEmail(email);
    if (existing?.emailConfirmedAt) throw new AppError('EMAIL_TAKEN');
    if (existing) {
      // Signing up again before confirming: the newest password wins, and a new code counts as a resend.
      await this.assertResendAllowed(existing.id);
      await repository.updateUser(existing.id, { passwordHash }, clock.now());
      await this.deps.limiter.record(CONFIRMATION_RESENDS, existing.id);
      await this.sendCode(existing, 'confirm-email');
      return;
    }
    const user = await repository.createUser(email, passwordHash, clock.now());
    if (!user) throw new AppError('EMAIL_TAKEN');
    await this.sendCode(user, 'confirm-email');
  }

  /** Confirms the e-mail address with the code sent to it. */
  async confirmSignup(rawEmail: string, code: string): Promise<void> {
    const user = await this.deps.repository.findUserByEmail(normalizeEmail(rawEmail));
    // An unknown address gets the same answer as a wrong code: confirmation does not reveal accounts.
    if (!user) throw new AppError('CODE_INVALID');
    if (user.emailConfirmedAt) throw new AppError('ALREADY_CONFIRMED');
    await this.useCode(user, 'confirm-email', code);
    await this.deps.repository.updateUser(user.id, { emailConfirmedAt: this.deps.clock.now() }, this.deps.clock.now());
  }

  /** E-mails a new confirmation code, at most CONFIRMATION_RESENDS per hour. */
  async resendConfirmation(rawEmail: string): Promise<void> {
    const user = await this.deps.repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) return; // answered like a sent code, so that resend does not reveal accounts
    if (user.emailConfirmedAt) throw new AppError('ALREADY_CONFIRMED');
    await this.assertResendAllowed(user.id);
    await this.deps.limiter.record(CONFIRMATION_RESENDS, user.id);
    await this.sendCode(user, 'confirm-email');
  }

  /**
   * Signs in. Failures are counted per account and per client address; over the limit the answer is
   * RATE_LIMITED before the password is even checked. The texts let the client tell an unknown
   * account, a wrong password and an unconfirmed address apart (spec section 8).
   */
  async login(rawEmail: string, password: string, clientAddress: string): Promise<Session> {
    const { repository, limiter } = this.deps;
    const email = normalizeEmail(rawEmail);
    const wait = Math.max(
      await limiter.retryAfterSeconds(LOGIN_FAILURES_PER_ACCOUNT, email),
      await limiter.retryAfterSeconds(LOGIN_FAILURES_PER_ADDRESS, clientAddress),
    );
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', {
        detail: `Too many failed sign-in attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
        retryAfterSeconds: wait,
      });
    }
    const user = await repository.findUserByEmail(email);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      await limiter.record(LOGIN_FAILURES_PER_ACCOUNT, email);
      await limiter.record(LOGIN_FAILURES_PER_ADDRESS, clientAddress);
      if (user) await this.deps.onSignIn?.(user.id, 'error', `Failed sign-in (wrong password) from ${clientAddress}`);
      throw new AppError(user ? 'INVALID_CREDENTIALS' : 'USER_NOT_FOUND');
    }
    if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED');
    await limiter.reset(LOGIN_FAILURES_PER_ACCOUNT, email);
    const session = await this.startSession(user, randomUUID());
    await this.deps.onSignIn?.(user.id, 'success', `Signed in from ${clientAddress}`);
    return session;
  }

  /**
   * Trades a refresh token for a new session, revoking the old token. A token that was already
   * revoked is being replayed (stolen, or a logged-out copy): the whole sign-in is revoked.
   */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    const { repository, clock } = this.deps;
    if (!refreshToken) throw new AppError('SESSION_EXPIRED');
    const now = clock.now();
    const stored = await repository.findRefreshToken(hashRefreshToken(refreshToken));
    if (!stored || stored.expiresAt <= now) throw new AppError('SESSION_EXPIRED');
    if (stored.revokedAt || !(await repository.revokeRefreshToken(stored.id, now))) {
      await repository.revokeFamily(stored.familyId, now);
      throw new AppError('SESSION_EXPIRED');
    }
    const user = await repository.findUserById(stored.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return this.startSession(user, stored.familyId);
  }

  /** Revokes the refresh token (signing out this browser); unknown tokens are ignored. */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.deps.repository.findRefreshToken(hashRefreshToken(refreshToken));
    if (stored) await this.deps.repository.revokeRefreshToken(stored.id, this.deps.clock.now());
  }

  /** The account behind a valid access token, as the server sees it now. */
  async currentUser(userId: string): Promise<CurrentUser> {
    const user = await this.deps.repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return describeUser(user, this.deps.adminEmails);
  }

  /**
   * Starts a password reset. Known and unknown addresses get the same answer, and the mail is sent
   * after answering, so neither the response nor its timing tells whether an account exists.
   */
  async forgotPassword(rawEmail: string): Promise<void> {
    const user = await this.deps.repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) return;
    if ((await this.deps.limiter.retryAfterSeconds(RESET_REQUESTS, user.id)) > 0) return;
    await this.deps.limiter.record(RESET_REQUESTS, user.id);
    const code = await this.issueCode(user, 'reset-password');
    this.deps.mailer.send(passwordResetMail(user.email, code)).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'password reset mail failed');
    });
  }

  /** Sets a new password with an e-mailed reset code and signs out every session of the account. */
  async resetPassword(rawEmail: string, code: string, newPassword: string): Promise<void> {
    const { repository, clock } = this.deps;
    const user = await repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) throw new AppError('CODE_INVALID');
    await this.useCode(user, 'reset-password', code);
    const now = clock.now();
    // The code reached the mailbox, which proves the address as well as a confirmation would.
    await repository.updateUser(
      user.id,
      { passwordHash: await hashPassword(newPassword), emailConfirmedAt: user.emailConfirmedAt ?? now },
      now,
    );
    await repository.revokeAllForUser(user.id, now);
  }

  /** Sets an account's plan (operator command); returns the account as it is now. */
  async setPlan(rawEmail: string, plan: PlanId): Promise<CurrentUser> {
    const { repository, clock } = this.deps;
    const user = await repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) throw new AppError('USER_NOT_FOUND');
    await repository.updateUser(user.id, { plan }, clock.now());
    return describeUser({ ...user, plan }, this.deps.adminEmails);
  }

  /** Checks the account's password (to confirm a destructive action); INVALID_CREDENTIALS when wrong. */
  async confirmPassword(userId: string, password: string): Promise<void> {
    const user = await this.deps.repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
  }

  /** Deletes the account row; its codes, sessions and every feature's records go with it (cascade). */
  async deleteAccount(userId: string): Promise<void> {
    await this.deps.repository.deleteUser(userId);
  }

  /** Deletes codes, refresh tokens and counters that no rule can use any more. */
  async purgeExpired(): Promise<void> {
    const weekAgo = new Date(this.deps.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
    const removed = await this.deps.repository.purgeDeadRecords(weekAgo);
    const events = await this.deps.limiter.purgeOlderThan(LONGEST_WINDOW_MS);
    this.deps.log.info({ ...removed, events }, 'purged expired auth records');
  }

  private async assertResendAllowed(userId: string): Promise<void> {
    const wait = await this.deps.limiter.retryAfterSeconds(CONFIRMATION_RESENDS, userId);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', {
        detail: 'Too many codes requested. Please wait before asking for another one.',
        retryAfterSeconds: wait,
      });
    }
  }

  private async issueCode(user: UserRow, purpose: CodePurpose): Promise<string> {
    const code = newCode();
    const now = this.deps.clock.now();
    await this.deps.repository.replaceCode({
      userId: user.id,
      purpose,
      codeHash: hashCode(this.deps.codeKey, user.id, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    return code;
  }

  private async sendCode(user: UserRow, purpose: CodePurpose): Promise<void> {
    const code = await this.issueCode(user, purpose);
    const mail: MailMessage =
      purpose === 'confirm-email' ? confirmationMail(user.email, code) : passwordResetMail(user.email, code);
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error({ err: error }, 'sending a code failed');
      throw new AppError('MAIL_FAILED', { cause: error });
    }
  }

  /** Checks a code and uses it up: single use, expiring, dead after CODE_MAX_ATTEMPTS wrong tries. */
  private async useCode(user: UserRow, purpose: CodePurpose, code: string): Promise<void> {
    const { repository, clock } = this.deps;
    const stored = await repository.latestOpenCode(user.id, purpose);
    if (!stored) throw new AppError('CODE_INVALID');
    if (stored.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    if (stored.expiresAt <= clock.now()) throw new AppError('CODE_EXPIRED');
    if (!sameDigest(stored.codeHash, hashCode(this.deps.codeKey, user.id, purpose, code))) {
      const attempts = await repository.addWrongAttempt(stored.id);
      throw new AppError(attempts >= CODE_MAX_ATTEMPTS ? 'CODE_ATTEMPTS_EXCEEDED' : 'CODE_INVALID');
    }
    if (!(await repository.consumeCode(stored.id, clock.now()))) throw new AppError('CODE_INVALID');
  }

  private async startSession(user: UserRow, familyId: string): Promise<Session> {
    const now = this.deps.clock.now();
    const described = describeUser(user, this.deps.adminEmails);
    const accessToken = await this.deps.accessTokens.sign(
      { sub: user.id, email: user.email, groups: described.groups, is_premium: described.is_premium, plan: user.plan },
      now,
    );
    const refreshToken = newRefreshToken();
    const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
    await this.deps.repository.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiresAt,
      createdAt: now,
    });
    return { accessToken, refreshToken, refreshExpiresAt, user: described };
  }
}
