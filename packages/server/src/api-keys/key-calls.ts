import type { FastifyReply } from 'fastify';
import { AppError } from '../platform/errors.js';
import type { KeyCallMeter } from '../platform/route-access.js';
import type { ApiCallMeter, CallAllowance } from './metering.js';

/**
 * The IETF RateLimit headers of a key call: the month's limit, what is left of it, and the seconds
 * until it starts again. An unlimited plan has no limit to state, so it gets none.
 */
function setRateLimitHeaders(reply: FastifyReply, allowance: CallAllowance): void {
  if (allowance.limit < 0) return;
  reply.header('ratelimit-limit', String(allowance.limit));
  reply.header('ratelimit-remaining', String(allowance.remaining));
  reply.header('ratelimit-reset', String(allowance.resetSeconds));
}

/** Route access's meter for key calls: counts the call (or only reads the month) and sets the headers. */
export function meterKeyCalls(meter: ApiCallMeter): KeyCallMeter {
  return async function meterKeyCall(_request, reply, claims, counted) {
    if (!counted) {
      setRateLimitHeaders(reply, await meter.allowance(claims.sub, claims.plan));
      return undefined;
    }
    try {
      const call = await meter.take(claims.sub, claims.plan);
      setRateLimitHeaders(reply, call);
      return call.giveBack;
    } catch (error) {
      if (error instanceof AppError && error.code === 'API_LIMIT_REACHED') {
        setRateLimitHeaders(reply, await meter.allowance(claims.sub, claims.plan));
      }
      throw error;
    }
  };
}
