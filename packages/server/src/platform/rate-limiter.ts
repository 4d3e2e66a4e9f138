import type { Clock } from './clock.js';
import type { RateEventsRepository } from './rate-events.repository.js';

/**
 * A limit: at most `max` events per `windowMs` for one subject. `backoff` adds longer windows with
 * their own caps on the same events, so that a subject that keeps hitting the limit waits longer
 * each time (e.g. 10 per 15 minutes, then 20 per hour, then 40 per day).
 */
export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
  backoff?: readonly { max: number; windowMs: number }[];
}

/** A limit as a client reads it: how many, how many are left, and the seconds until one comes back. */
export interface LimitStanding {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * The outcome of `acquire`: a counted event that can be given back, with the events the subject has left
 * (in its fullest window) and the seconds until that window gives one back; or how long to wait.
 */
export type Acquired =
  | { granted: true; release(): Promise<void>; remaining: number; resetSeconds: number }
  | { granted: false; retryAfterSeconds: number };

/**
 * Sliding-window limits kept in the database, so that restarts and every process of a cluster see
 * the same counts.
 */
export class RateLimiter {
  constructor(
    private readonly events: RateEventsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one event if the subject is under the limit (every window of it), atomically: parallel
   * requests cannot all slip under it. Take it BEFORE the work it limits; `release` gives the event
   * back, for work that succeeded or failed through no use of the quota.
   */
  async acquire(limit: RateLimit, subject: string): Promise<Acquired> {
    const now = this.clock.now();
    const windows = [{ max: limit.max, windowMs: limit.windowMs }, ...(limit.backoff ?? [])];
    const result = await this.events.recordIfUnder(
      limit.bucket,
      subject,
      windows.map((window) => ({ since: new Date(now.getTime() - window.windowMs), max: window.max })),
      now,
    );
    if (result.id === undefined) {
      const wait = Math.ceil((result.freeAt.getTime() - now.getTime()) / 1000);
      return { granted: false, retryAfterSeconds: Math.max(1, wait) };
    }
    const id = result.id;
    return {
      granted: true,
      release: () => this.events.deleteById(id),
      remaining: result.remaining,
      resetSeconds: Math.max(1, Math.ceil((result.nextFreeAt.getTime() - now.getTime()) / 1000)),
    };
  }

  /**
   * Acquires every limit or none: a refusal gives back the events already counted and reports the
   * refused limit's wait.
   */
  async acquireAll(limits: readonly { limit: RateLimit; subject: string }[]): Promise<Acquired> {
    const held: (() => Promise<void>)[] = [];
    let tightest = { remaining: Number.POSITIVE_INFINITY, resetSeconds: 0 };
    for (const { limit, subject } of limits) {
      const acquired = await this.acquire(limit, subject);
      if (!acquired.granted) {
        await Promise.all(held.map((release) => release()));
        return acquired;
      }
      held.push(acquired.release);
      if (acquired.remaining < tightest.remaining) tightest = acquired;
    }
    return {
      granted: true,
      release: async () => {
        await Promise.all(held.map((release) => release()));
      },
      remaining: tightest.remaining,
      resetSeconds: tightest.resetSeconds,
    };
  }

  /** Events of the subject in the current window. */
  async used(limit: RateLimit, subject: string): Promise<number> {
    const since = new Date(this.clock.now().getTime() - limit.windowMs);
    return this.events.count(limit.bucket, subject, since);
  }

  /** Forgets the subject's events (e.g. failures, after a success). */
  async reset(limit: RateLimit, subject: string): Promise<void> {
    await this.events.clear(limit.bucket, subject);
  }

  /** Deletes events older than any window still needs. */
  async purgeOlderThan(ageMs: number): Promise<number> {
    return this.events.purge(new Date(this.clock.now().getTime() - ageMs));
  }
}
