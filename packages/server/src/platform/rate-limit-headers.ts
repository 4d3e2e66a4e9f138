import type { FastifyReply } from 'fastify';
import type { LimitStanding } from './rate-limiter.js';

/**
 * The IETF RateLimit headers (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` in seconds). An
 * unlimited allowance (a negative limit) has nothing to state, so it gets none.
 */
export function setRateLimitHeaders(reply: FastifyReply, standing: LimitStanding): void {
  if (standing.limit < 0) return;
  reply.header('ratelimit-limit', String(standing.limit));
  reply.header('ratelimit-remaining', String(standing.remaining));
  reply.header('ratelimit-reset', String(standing.resetSeconds));
}
