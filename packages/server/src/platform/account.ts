import type { CurrentUser, UserSettings } from '@unnest/contracts';
import { type ConversionTimeLimits, type PlanLimits, planLimits, withTimeLimit } from './plan-catalogue.js';

/**
 * The account a request or a job acts for, read once: route access builds it from the row it reads
 * to check the caller (`request.account`), a job or the operator command from an id (Accounts.byId).
 * Services take it instead of an id, so none reads the account again; what not every call needs (its
 * settings, the bytes it stores) is read on first use and kept for the rest of the request or job.
 */
export interface Account {
  readonly id: string;
  readonly email: string;
  readonly groups: readonly string[];
  /** Premium is computed from the plan by the server, never stored. */
  readonly isPremium: boolean;
  /** Its plan's limits as this server enforces them (DESIGN.md decision 4; CONVERSION_TIME_LIMITS applied). */
  readonly plan: PlanLimits;
  /** The account as the client sees it (GET /api/auth/me, the profile). */
  readonly user: CurrentUser;
  /** Its settings (the defaults when it saved none). */
  settings(): Promise<UserSettings>;
  /** Bytes it stores: single conversions, stored uploads and batch files. */
  storedBytes(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, read once by route access; reading it on a public route throws. */
    readonly account: Account;
  }
}

/** Where the parts of an account come from (the auth, profile and files features, given by the app). */
export interface AccountSources {
  /** The account's row as the client sees it; throws when there is none. */
  user(userId: string): Promise<CurrentUser>;
  settings(userId: string): Promise<UserSettings>;
  storedBytes(userId: string): Promise<number>;
  /** Conversion time limits configured over the catalogue's (CONVERSION_TIME_LIMITS). */
  timeLimits: ConversionTimeLimits;
}

/** Builds accounts: the one way a request, a job or the operator command gets one. */
export class Accounts {
  constructor(private readonly sources: AccountSources) {}

  /** The account of a row already read (route access reads it while checking the caller). */
  of(user: CurrentUser): Account {
    const { sources } = this;
    return {
      id: user.user_id,
      email: user.email,
      groups: user.groups,
      isPremium: user.is_premium,
      plan: withTimeLimit(planLimits(user.plan), sources.timeLimits),
      user,
      settings: once(() => sources.settings(user.user_id)),
      storedBytes: once(() => sources.storedBytes(user.user_id)),
    };
  }

  /** The account with this id, for a job or the operator command; throws when there is none. */
  async byId(userId: string): Promise<Account> {
    return this.of(await this.sources.user(userId));
  }
}

/** `read` on the first call; the same answer (or failure) after. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => {
    answer ??= read();
    return answer;
  };
}
