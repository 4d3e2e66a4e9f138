import { randomUUID } from 'node:crypto';
import { hash as hashPassword, verify as verifyPassword } from '@node-rs/argon2';
import { type AccessTokenClaims, type CurrentUser, ERROR_MESSAGES, type PlanId } from '@unnest/contracts';
import { addressSubject } from '../platform/client-address.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Mailer, MailMessage } from '../platform/mail.js';
import type { RateLimiter } from '../platform/rate-limiter.js';
import { type AccessTokens, DOWNLOAD_TICKET_TTL_SECONDS } from './access-tokens.js';
import { describeUser, isAdminByConfig } from './groups.js';
import {
  CODE_MAILS_PER_ADDRESS,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  CONFIRMATION_RESENDS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_PAIR,
  LONGEST_WINDOW_MS,
  REFRESH_TOKEN_TTL_MS,
  RESET_REQUESTS,
} from './limits.js';
import { confirmationMail, passwordResetMail } from './mail-templates.js';
import type { AuthRepository, CodePurpose, NewCode, UserRow } from './repository.js';
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
  /** Queues the job that mails a password reset code (see sendPasswordReset). */
  queuePasswordReset: (email: string) => Promise<void>;
  /** Told of every sign-in of a known account, successful or not (the usage history). */
  onSignIn?: (userId: string, outcome: 'success' | 'error', detail: string) => Promise<void>;
}

/** E-mails compare case-insensitively: stored and looked up lower-cased. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function rateLimited(detail: string, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', { detail, retryAfterSeconds });
}

/** The account rules: sign-up with e-mailed codes, sign-in with throttling, sessions, reset, plans. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Creates an account and e-mails a confirmation code. An unconfirmed account is started over (new
   * password, new code) only once its code expired; before that the caller is told to check the
   * mail, so a second sign-up never changes the password the mailed code confirms.
   */
  async signup(rawEmail: string, password: string, clientAddress: string): Promise<void> {
    const { repository, clock } = this.deps;
    const email = normalizeEmail(rawEmail);
    const slot = await this.takeCodeMailSlot(clientAddress);
    const passwordHash = await hashPassword(password);
    const now = clock.now();
    const code = newCode();
    const existing = await repository.findUserByEmail(email);
    if (existing?.emailConfirmedAt) throw new AppError('EMAIL_TAKEN');
    const userId = existing?.id ?? randomUUID();
    const issued = this.codeRecord(userId, 'confirm-email', code, now);
    const started = existing
      ? await repository.replacePendingSignup(userId, passwordHash, issued, now)
      : (await repository.createUserWithCode({ id: userId, email, passwordHash }, issued, now)) !== undefined;
    if (!started) throw new AppError('SIGNUP_PENDING');
    await this.sendNow(confirmationMail(email, code), userId, slot);
  }

  /** Confirms the e-mail address with the code sent to it. */
  async confirmSignup(rawEmail: string, code: string): Promise<void> {
    const { repository, clock } = this.deps;
    const user = await repository.findUserByEmail(normalizeEmail(rawEmail));
    // An unknown address gets the same answer as a wrong code: confirmation does not reveal accounts.
    if (!user) throw new AppError('CODE_INVALID');
    if (user.emailConfirmedAt) throw new AppError('ALREADY_CONFIRMED');
    const codeId = await this.checkCode(user, 'confirm-email', code);
    if (!(await repository.confirmEmail(user.id, codeId, clock.now()))) throw new AppError('CODE_INVALID');
  }

  /** E-mails a new confirmation code, at most CONFIRMATION_RESENDS per hour. */
  async resendConfirmation(rawEmail: string, clientAddress: string): Promise<void> {
    const slot = await this.takeCodeMailSlot(clientAddress);
    const user = await this.deps.repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) return; // answered like a sent code, so that resend does not reveal accounts
    await this.sendNewConfirmationCode(user, slot);
  }

  /**
   * Signs in. A failure slot is reserved per client address, per address and account together, and
   * per account BEFORE the password is checked (so parallel guesses cannot outrun the count), and
   * given back on success; without a slot the answer is RATE_LIMITED. The texts let the client tell
   * an unknown account, a wrong password and an unconfirmed address apart (spec section 8).
   */
  async login(rawEmail: string, password: string, clientAddress: string): Promise<Session> {
    const { repository, limiter } = this.deps;
    const email = normalizeEmail(rawEmail);
    const address = addressSubject(clientAddress);
    const pair = `${address} ${email}`;
    const failure = await limiter.acquireAll([
      { limit: LOGIN_FAILURES_PER_ADDRESS, subject: address },
      { limit: LOGIN_FAILURES_PER_PAIR, subject: pair },
      { limit: LOGIN_FAILURES_PER_ACCOUNT, subject: email },
    ]);
    if (!failure.granted) {
      const minutes = Math.ceil(failure.retryAfterSeconds / 60);
      throw rateLimited(
        `Too many failed sign-in attempts. Please try again in ${minutes} minute(s).`,
        failure.retryAfterSeconds,
      );
    }
    const user = await repository.findUserByEmail(email);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      if (user) await this.deps.onSignIn?.(user.id, 'error', `Failed sign-in (wrong password) from ${clientAddress}`);
      throw new AppError(user ? 'INVALID_CREDENTIALS' : 'USER_NOT_FOUND');
    }
    await failure.release();
    await limiter.reset(LOGIN_FAILURES_PER_PAIR, pair);
    if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED');
    if (user.disabledAt) {
      await this.deps.onSignIn?.(user.id, 'error', `Refused sign-in of a disabled account from ${clientAddress}`);
      throw new AppError('ACCOUNT_DISABLED');
    }
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
    if (user.disabledAt) throw new AppError('ACCOUNT_DISABLED');
    return this.startSession(user, stored.familyId);
  }

  /** Revokes the refresh token (signing out this browser); unknown tokens are ignored. */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.deps.repository.findRefreshToken(hashRefreshToken(refreshToken));
    if (stored) await this.deps.repository.revokeRefreshToken(stored.id, this.deps.clock.now());
  }

  /** Signs out every browser and device: refresh tokens revoked, access tokens ended at once. */
  async logoutEverywhere(userId: string): Promise<void> {
    await this.deps.repository.endAllSessions(userId, this.deps.clock.now());
  }

  /**
   * The claims of a bearer token that is valid now: signed, unexpired, of an account that is not
   * disabled and issued under its current session epoch (one primary-key lookup), so that sign-out
   * everywhere, a password reset, account deletion, disabling and a role change end it at once. The
   * account read for that check comes with them: the request's account is built from it.
   */
  async authenticate(token: string): Promise<{ claims: AccessTokenClaims; user: CurrentUser }> {
    const { claims, epoch } = await this.deps.accessTokens.verify(token, this.deps.clock.now());
    const user = await this.checkSession(claims.sub, epoch);
    return { claims, user: describeUser(user, this.deps.adminEmails) };
  }

  /**
   * A download ticket for `path`, for the caller of a signed-in session (`claims`, from its access token):
   * the same account, groups and plan, ended with the session like the token (see AccessTokens).
   */
  async downloadTicket(
    claims: Omit<AccessTokenClaims, 'iat' | 'exp'>,
    path: string,
  ): Promise<{ ticket: string; expiresAt: Date }> {
    const now = this.deps.clock.now();
    const state = await this.checkSession(claims.sub);
    const ticket = await this.deps.accessTokens.signDownload(claims, state.sessionEpoch, path, now);
    return { ticket, expiresAt: new Date(now.getTime() + DOWNLOAD_TICKET_TTL_SECONDS * 1000) };
  }

  /** The caller a download ticket for `path` stands for, checked like an access token, with its account. */
  async authenticateDownload(ticket: string, path: string): Promise<{ claims: AccessTokenClaims; user: CurrentUser }> {
    const { claims, epoch } = await this.deps.accessTokens.verifyDownload(ticket, path, this.deps.clock.now());
    const user = await this.checkSession(claims.sub, epoch);
    return { claims, user: describeUser(user, this.deps.adminEmails) };
  }

  /** The account, refused when it is gone or disabled, or (given `epoch`) when that session ended. */
  private async checkSession(userId: string, epoch?: number): Promise<UserRow> {
    const current = await this.deps.repository.findUserById(userId);
    if (current === undefined) throw new AppError('UNAUTHENTICATED', { detail: 'This account no longer exists' });
    if (current.disabledAt) throw new AppError('UNAUTHENTICATED', { detail: ERROR_MESSAGES.ACCOUNT_DISABLED });
    if (epoch !== undefined && current.sessionEpoch !== epoch)
      throw new AppError('UNAUTHENTICATED', { detail: 'This session was ended. Please sign in again.' });
    return current;
  }

  /**
   * The account an API key belongs to, for a call made with the key: refused like its tokens when
   * the account is disabled.
   */
  async keyHolder(userId: string): Promise<CurrentUser> {
    const user = await this.deps.repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', { detail: 'This account no longer exists' });
    if (user.disabledAt) throw new AppError('UNAUTHENTICATED', { detail: ERROR_MESSAGES.ACCOUNT_DISABLED });
    return describeUser(user, this.deps.adminEmails);
  }

  /** The account behind a valid access token, as the server sees it now. */
  async currentUser(userId: string): Promise<CurrentUser> {
    const user = await this.deps.repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return describeUser(user, this.deps.adminEmails);
  }

  /**
   * Starts a password reset. The request does the same work for every address (a per-address slot
   * and one queued job) and never looks the account up, so neither the answer nor its timing tells
   * whether an account exists; the job mails the code.
   */
  async forgotPassword(rawEmail: string, clientAddress: string): Promise<void> {
    await this.takeCodeMailSlot(clientAddress);
    await this.deps.queuePasswordReset(normalizeEmail(rawEmail));
  }

  /** The queued half of forgotPassword: mails a reset code to a known account, at most RESET_REQUESTS an hour. */
  async sendPasswordReset(email: string): Promise<void> {
    const user = await this.deps.repository.findUserByEmail(email);
    if (!user) return;
    if (!(await this.deps.limiter.acquire(RESET_REQUESTS, user.id)).granted) return;
    const code = newCode();
    await this.deps.repository.replaceCode(
      user.id,
      'reset-password',
      this.codeRecord(user.id, 'reset-password', code, this.deps.clock.now()),
    );
    // A failure throws, so the queue retries; the retry's code replaces this one.
    await this.deps.mailer.send(passwordResetMail(user.email, code));
  }

  /** Sets a new password with an e-mailed reset code and ends every session of the account. */
  async resetPassword(rawEmail: string, code: string, newPassword: string): Promise<void> {
    const { repository, clock } = this.deps;
    const user = await repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) throw new AppError('CODE_INVALID');
    const codeId = await this.checkCode(user, 'reset-password', code);
    const passwordHash = await hashPassword(newPassword);
    if (!(await repository.resetPassword(user.id, codeId, passwordHash, clock.now()))) {
      throw new AppError('CODE_INVALID');
    }
  }

  /** Sets an account's plan (operator command); returns the account as it is now. */
  async setPlan(rawEmail: string, plan: PlanId): Promise<CurrentUser> {
    const { repository, clock } = this.deps;
    const user = await repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) throw new AppError('USER_NOT_FOUND');
    await repository.setPlan(user.id, plan, clock.now());
    return describeUser({ ...user, plan }, this.deps.adminEmails);
  }

  /** Whether the address is listed in ADMIN_EMAILS (an admin whatever the admin area says). */
  isConfiguredAdmin(email: string): boolean {
    return isAdminByConfig(normalizeEmail(email), this.deps.adminEmails);
  }

  /** An account by e-mail as the client sees it (the operator command); USER_NOT_FOUND when there is none. */
  async findByEmail(rawEmail: string): Promise<CurrentUser> {
    const user = await this.deps.repository.findUserByEmail(normalizeEmail(rawEmail));
    if (!user) throw new AppError('USER_NOT_FOUND');
    return describeUser(user, this.deps.adminEmails);
  }

  /**
   * Sets an account's plan or admin role (the admin area). Its session epoch is raised with it, so
   * tokens issued before stop working at once and the client's refresh carries the new groups.
   */
  async changeAccess(userId: string, change: { plan?: PlanId; isAdmin?: boolean }): Promise<void> {
    if (!(await this.deps.repository.changeAccess(userId, change, this.deps.clock.now()))) {
      throw new AppError('USER_NOT_FOUND');
    }
  }

  /** Disables an account (no sign-in, every token refused from the next request) or enables it. */
  async setDisabled(userId: string, disabled: boolean): Promise<void> {
    if (!(await this.deps.repository.setDisabled(userId, disabled, this.deps.clock.now()))) {
      throw new AppError('USER_NOT_FOUND');
    }
  }

  /**
   * E-mails a new confirmation code to an unconfirmed account on an operator's request, within the
   * same hourly limit per account as the user's own resends.
   */
  async resendConfirmationTo(userId: string): Promise<void> {
    const user = await this.deps.repository.findUserById(userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    await this.sendNewConfirmationCode(user, async () => {});
  }

  /**
   * Replaces an unconfirmed account's code and mails the new one, at most CONFIRMATION_RESENDS an
   * hour per account; a mail that fails gives `slot` back.
   */
  private async sendNewConfirmationCode(user: UserRow, slot: () => Promise<void>): Promise<void> {
    if (user.emailConfirmedAt) throw new AppError('ALREADY_CONFIRMED');
    const resend = await this.deps.limiter.acquire(CONFIRMATION_RESENDS, user.id);
    if (!resend.granted) {
      throw rateLimited(
        'Too many codes requested. Please wait before asking for another one.',
        resend.retryAfterSeconds,
      );
    }
    const code = newCode();
    await this.deps.repository.replaceCode(
      user.id,
      'confirm-email',
      this.codeRecord(user.id, 'confirm-email', code, this.deps.clock.now()),
    );
    await this.sendNow(confirmationMail(user.email, code), user.id, slot);
  }

  /**
   * Checks the account's password (to confirm a destructive action); INVALID_CREDENTIALS when wrong.
   * A stolen access token must not become a password oracle: each check takes a failure slot of the
   * account first, like a sign-in.
   */
  async confirmPassword(userId: string, password: string): Promise<void> {
    const user = await this.deps.repository.findUserById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const failure = await this.deps.limiter.acquire(LOGIN_FAILURES_PER_ACCOUNT, user.email);
    if (!failure.granted) {
      throw rateLimited('Too many wrong passwords. Please try again later.', failure.retryAfterSeconds);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS');
    await failure.release();
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

  /** Takes one of the client address's code mails, or throws RATE_LIMITED. */
  private async takeCodeMailSlot(clientAddress: string): Promise<() => Promise<void>> {
    const slot = await this.deps.limiter.acquire(CODE_MAILS_PER_ADDRESS, addressSubject(clientAddress));
    if (!slot.granted) {
      throw rateLimited('Too many codes requested. Please wait before asking for another one.', slot.retryAfterSeconds);
    }
    return slot.release;
  }

  private codeRecord(userId: string, purpose: CodePurpose, code: string, now: Date): NewCode {
    return {
      codeHash: hashCode(this.deps.codeKey, userId, purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    };
  }

  /**
   * Sends a confirmation code while the client waits. A failure gives the address's mail slot back
   * and drops the undelivered code, so that nobody waits for it: signing up again starts over.
   */
  private async sendNow(mail: MailMessage, userId: string, slot: () => Promise<void>): Promise<void> {
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error({ err: error }, 'sending a code failed');
      await this.deps.repository.dropOpenCodes(userId, 'confirm-email');
      await slot();
      throw new AppError('MAIL_FAILED', { cause: error });
    }
  }

  /**
   * Checks a code: a try is reserved before the comparison (at most CODE_MAX_ATTEMPTS ever reach it,
   * however many arrive at once), and the code must be unexpired. Returns the code's id for the
   * caller to use it up in the same transaction as its effect.
   */
  private async checkCode(user: UserRow, purpose: CodePurpose, code: string): Promise<string> {
    const { repository, clock } = this.deps;
    const now = clock.now();
    const stored = await repository.latestOpenCode(user.id, purpose);
    if (!stored) throw new AppError('CODE_INVALID');
    if (stored.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    if (stored.expiresAt <= now) throw new AppError('CODE_EXPIRED');
    const attempts = await repository.reserveAttempt(stored.id, CODE_MAX_ATTEMPTS, now);
    if (attempts === undefined) throw new AppError('CODE_ATTEMPTS_EXCEEDED');
    if (!sameDigest(stored.codeHash, hashCode(this.deps.codeKey, user.id, purpose, code))) {
      throw new AppError(attempts >= CODE_MAX_ATTEMPTS ? 'CODE_ATTEMPTS_EXCEEDED' : 'CODE_INVALID');
    }
    // Right: the code is used up by the caller, so the reserved try needs no giving back.
    return stored.id;
  }

  private async startSession(user: UserRow, familyId: string): Promise<Session> {
    const now = this.deps.clock.now();
    const described = describeUser(user, this.deps.adminEmails);
    const accessToken = await this.deps.accessTokens.sign(
      { sub: user.id, email: user.email, groups: described.groups, is_premium: described.is_premium, plan: user.plan },
      user.sessionEpoch,
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
