import type { Clock } from './clock.js';
import type { RateEventsRepository } from './rate-events.repository.js';

/** A limit: at most `max` events per `windowMs` for one subject. */
export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

/** The outcome of `acquire`: a counted event that can be given back, or how long to wait. */
export type Acquired = { granted: true; release(): Promise<void> } | { granted: false; retryAfterSeconds: number };

/**
 * Sliding-window limits kept in the database, so that restarts and every process of a cluster see
 * the same counts.
 */
export class RateLimiter {
  constructor(
    private readonly events: RateEventsRepository,
    private readonly clock: Clock,
  ) {}

  /** Seconds until the subject may act again, or 0 when it is under the limit. */
  async retryAfterSeconds(limit: RateLimit, subject: string): Promise<number> {
    const now = this.clock.now();
    const { count, oldest } = await this.events.window(limit.bucket, subject, new Date(now.getTime() - limit.windowMs));
    if (count < limit.max || oldest === null) return 0;
    return Math.max(1, Math.ceil((oldest.getTime() + limit.windowMs - now.getTime()) / 1000));
  }

  /**
   * Counts one event if the subject is under the limit, atomically (parallel requests cannot all
   * slip under it). `release` gives the event back, for work that failed through no use of the quota.
   */
  async acquire(limit: RateLimit, subject: string): Promise<Acquired> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - limit.windowMs);
    const result = await this.events.recordIfUnder(limit.bucket, subject, since, limit.max, now);
    if (result.id === undefined) {
      const oldest = result.oldest ?? now;
      const wait = Math.ceil((oldest.getTime() + limit.windowMs - now.getTime()) / 1000);
      return { granted: false, retryAfterSeconds: Math.max(1, wait) };
    }
    const id = result.id;
    return { granted: true, release: () => this.events.deleteById(id) };
  }

  /** Events of the subject in the current window. */
  async used(limit: RateLimit, subject: string): Promise<number> {
    const since = new Date(this.clock.now().getTime() - limit.windowMs);
    return (await this.events.window(limit.bucket, subject, since)).count;
  }

  /** Counts one event. */
  async record(limit: RateLimit, subject: string): Promise<void> {
    await this.events.record(limit.bucket, subject, this.clock.now());
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
