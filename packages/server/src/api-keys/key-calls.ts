import { AppError } from '../platform/errors.js';
import { setRateLimitHeaders } from '../platform/rate-limit-headers.js';
import type { KeyCallMeter } from '../platform/route-access.js';
import type { ApiCallMeter } from './metering.js';

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
