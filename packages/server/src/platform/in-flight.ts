import type { ErrorBody } from '@unnest/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './errors.js';
import { uploadCutShort } from './request-body.js';

// What a client is told to wait before retrying when a restart cut its conversion short.
const RETRY_AFTER_RESTART_SECONDS = 10;

/** The answer to a request refused, or a conversion stopped (`stopped`), because this process is shutting down. */
export function shuttingDown(stopped = false): AppError {
  return new AppError('SERVICE_UNAVAILABLE', {
    detail: stopped
      ? 'The server restarted before this conversion finished. Please try again in a moment.'
      : 'The server is restarting. Please try again in a moment.',
    retryAfterSeconds: RETRY_AFTER_RESTART_SECONDS,
  });
}

interface Running {
  controller: AbortController;
  settled: Promise<void>;
}

/**
 * The conversions this process is running, so that a shutdown can stop taking new ones, let the
 * running ones finish for a while, and then abort the rest cleanly (each gets an AbortSignal).
 */
export class InFlightConversions {
  private readonly running = new Set<Running>();
  private draining = false;

  /** Whether a shutdown has begun: no new work is taken. */
  get closing(): boolean {
    return this.draining;
  }

  /** Starts tracking one conversion; SERVICE_UNAVAILABLE once a shutdown has begun. Call `end` exactly once. */
  begin(): { signal: AbortSignal; end: () => void; abort: (reason: unknown) => void } {
    if (this.draining) throw shuttingDown();
    const controller = new AbortController();
    let end = () => {};
    const entry: Running = { controller, settled: new Promise<void>((resolve) => (end = resolve)) };
    this.running.add(entry);
    return {
      signal: controller.signal,
      abort: (reason) => controller.abort(reason),
      end: () => {
        this.running.delete(entry);
        end();
      },
    };
  }

  /**
   * Tracks the conversion a request runs until its response is sent or its connection closes. A connection
   * that closes before the answer was sent (the client went away, or its request timed out) aborts the
   * conversion, which may be waiting for a thread or for the rest of a body that will never come: it fails
   * and cleans up at once rather than when it next reads.
   */
  track(reply: FastifyReply): AbortSignal {
    const conversion = this.begin();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) conversion.abort(uploadCutShort(new Error('the connection closed')));
      conversion.end();
    });
    return conversion.signal;
  }

  /** How many conversions are running. */
  get count(): number {
    return this.running.size;
  }

  /**
   * Refuses new conversions, waits up to `graceMs` for the running ones, then aborts those left and
   * waits for them to answer. Returns how many were aborted.
   */
  async drain(graceMs: number): Promise<number> {
    this.draining = true;
    const allSettled = () => Promise.all([...this.running].map((entry) => entry.settled)).then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    const finished = await Promise.race([allSettled(), graceOver]);
    clearTimeout(timer);
    if (finished) return 0;
    const left = [...this.running];
    for (const entry of left) entry.controller.abort(shuttingDown(true));
    await allSettled();
    return left.length;
  }
}

/**
 * Shutdown (Fastify's close): from its start every new request is answered 503 with Retry-After and
 * `Connection: close` (a load balancer moves on), running conversions get `graceMs` to finish, then
 * are aborted (their clients get 503 too, and each conversion records itself failed).
 */
export function installShutdownDrain(app: FastifyInstance, inFlight: InFlightConversions, graceMs: number): void {
  app.addHook('onRequest', async (_request, reply) => {
    if (!inFlight.closing) return;
    const refused = shuttingDown();
    const body: ErrorBody = { detail: refused.message, code: refused.code };
    // Sent as text, so that no route's response schema (e.g. /health's 503) has to describe it.
    return reply
      .code(refused.status)
      .header('connection', 'close')
      .header('retry-after', String(refused.retryAfterSeconds))
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  });
  app.addHook('preClose', async () => {
    const aborted = await inFlight.drain(graceMs);
    if (aborted > 0) app.log.warn({ aborted }, 'conversions still running after the shutdown grace time were aborted');
  });
}

/**
 * Passes a stream on until `signal` aborts, then throws its reason, also while waiting for a chunk
 * that may never come (a stalled upload).
 */
export async function* abortable<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  signal.throwIfAborted();
  const iterator = source[Symbol.asyncIterator]();
  // One promise per chunk, settled by the chunk or the abort. (A race against one long-lived abort
  // promise would add a reaction to it per chunk, all kept until the stream ends: 16,000 for a 1 GB
  // upload, promoted into the old generation, and a full collection every few hundred ms.)
  let stop: (reason: unknown) => void = () => {};
  const onAbort = () => stop(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let done = false;
  try {
    for (;;) {
      signal.throwIfAborted();
      const next = await new Promise<IteratorResult<T>>((resolve, reject) => {
        stop = reject;
        iterator.next().then(resolve, reject);
      });
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    // Not awaited: a generator still waiting for its next chunk would only finish after that chunk.
    if (!done) void iterator.return?.()?.catch(() => {});
  }
}
