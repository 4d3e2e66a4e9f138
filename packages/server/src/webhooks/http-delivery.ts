import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkAddress, checkTarget, guardedLookup, hostOf, TargetRefused, type TargetRules } from './target.js';

/** One signed message to send. */
export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What one try came to. */
export interface DeliveryOutcome {
  succeeded: boolean;
  /** The receiver's status; null when no response came. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The response body as read (at most `maxResponseBytes`). */
  responseBody: string;
  /** The receiver sent more than was read. */
  responseTruncated: boolean;
}

/** The limits of one try. */
export interface DeliveryLimits {
  /** The whole try: connecting, sending and reading the response. */
  timeoutMs: number;
  maxResponseBytes: number;
}

/** The limits the product states: 10 s per try, 64 KB of response read. */
export const DELIVERY_LIMITS: DeliveryLimits = { timeoutMs: 10_000, maxResponseBytes: 64 * 1024 };

/**
 * Sends one webhook try. The URL is checked again (scheme, addresses); the connection resolves
 * through `guardedLookup` and checks the address it connected to, so no other address is reached.
 * Redirects are never followed: a 3xx is a failed try. Only a 2xx counts as delivered.
 */
export async function sendWebhook(
  message: OutgoingWebhook,
  rules: TargetRules,
  limits: DeliveryLimits,
): Promise<DeliveryOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  const timeoutText = `No answer within ${limits.timeoutMs / 1000} s`;
  // The limit covers the whole try, the name resolution of the check included.
  let url: URL;
  let checkTimer: NodeJS.Timeout | undefined;
  try {
    url = await Promise.race([
      checkTarget(message.url, rules),
      new Promise<never>((_resolve, reject) => {
        checkTimer = setTimeout(() => reject(new Error(timeoutText)), limits.timeoutMs);
      }),
    ]);
  } catch (error) {
    return done(failure(null, error));
  } finally {
    clearTimeout(checkTimer);
  }
  return new Promise<DeliveryOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<DeliveryOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(done(outcome));
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...message.headers, 'content-length': String(Buffer.byteLength(message.body)) },
      // A fresh connection per try: a pooled socket could have been opened to an address checked earlier.
      agent: false,
      lookup: guardedLookup(rules),
    });
    const timer = setTimeout(
      () => finish(failure(null, new Error(timeoutText))),
      Math.max(0, limits.timeoutMs - (performance.now() - started)),
    );
    request.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        try {
          checkAddress(hostOf(url).host, socket.remoteAddress ?? '', rules);
        } catch (error) {
          finish(failure(null, error));
        }
      });
    });
    request.on('error', (error) => finish(failure(null, error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      const answer = (truncated: boolean) => {
        const responseBody = Buffer.concat(chunks).toString('utf8');
        const base = { statusCode: status, responseBody, responseTruncated: truncated };
        if (status >= 200 && status < 300) finish({ ...base, succeeded: true, error: null });
        else if (status >= 300 && status < 400) {
          const location = response.headers.location;
          finish({
            ...base,
            succeeded: false,
            error: `Redirects are not followed (${status}${location ? ` to ${location}` : ''}); answer with a 2xx`,
          });
        } else finish({ ...base, succeeded: false, error: `The receiver answered ${status}` });
      };
      response.on('data', (chunk: Buffer) => {
        const room = limits.maxResponseBytes - read;
        chunks.push(chunk.subarray(0, room));
        read += Math.min(room, chunk.length);
        // Enough read: the rest is not wanted, and an endless body must not hold the try open.
        if (chunk.length > room) answer(true);
      });
      response.on('end', () => answer(false));
      response.on('error', (error) => finish(failure(status, error)));
    });
    request.end(message.body);
  });
}

function failure(statusCode: number | null, error: unknown): Omit<DeliveryOutcome, 'durationMs'> {
  const text =
    error instanceof TargetRefused
      ? error.message
      : error instanceof Error
        ? `${(error as NodeJS.ErrnoException).code ? `${(error as NodeJS.ErrnoException).code}: ` : ''}${error.message}`
        : String(error);
  return { succeeded: false, statusCode, error: text, responseBody: '', responseTruncated: false };
}
