import type { MessagePort } from 'node:worker_threads';

/**
 * A byte stream between threads over a MessagePort, with backpressure: the sender keeps at most
 * `windowBytes` unacknowledged, the receiver acknowledges each chunk as its consumer takes it, and
 * either side can stop the stream (the receiver cancels; the sender ends it with an error).
 *
 * The sender reads nothing from its source until the receiver says it has started, so a task waiting
 * in the pool's queue holds no bytes. It copies the source's chunks (64 KB from a socket) into buffers
 * of up to `MAX_CHUNK_BYTES` (and a quarter of the window), each moved (not copied) across: a buffer goes when it is full, or at once
 * while the receiver has nothing left to take. The receiver's chunks thus grow as large as its
 * consumer is slow, and per-chunk costs (messages, the engine's, file writes) stay small.
 */
type ChunkMessage =
  | { type: 'start' }
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string }
  | { type: 'ack'; bytes: number }
  | { type: 'cancel' };

// Enough for the engine to stay busy while the other thread fills the window; bounded per stream.
const DEFAULT_WINDOW_BYTES = 8 * 1024 * 1024;
const MAX_CHUNK_BYTES = 1024 * 1024;

/** Raised on the receiving side when the sender ended the stream with an error. */
export class ChunkStreamAborted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkStreamAborted';
  }
}

/**
 * Sends every chunk of `source` over `port`, then an end mark. Resolves when all is sent, or early when
 * the receiver cancels or the port closes; when the source throws, the receiver is told and the error
 * is rethrown here. Every byte is copied once, into a buffer of the sender's own.
 */
export async function sendChunks(
  port: MessagePort,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  windowBytes = DEFAULT_WINDOW_BYTES,
): Promise<'sent' | 'stopped'> {
  let started = false;
  let stopped = false;
  let unacknowledged = 0;
  // A source given whole (an array: a small body read before its task) needs no more than its size.
  const wholeBytes = Array.isArray(source) ? source.reduce((total, chunk) => total + chunk.length, 0) : Infinity;
  const bufferBytes = Math.max(1, Math.min(MAX_CHUNK_BYTES, Math.floor(windowBytes / 4), wholeBytes));
  let buffer = new Uint8Array(0);
  let filled = 0;
  let wake: (() => void) | undefined;
  const post = (message: ChunkMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  /** Sends what the buffer holds: the buffer itself when mostly full, else a copy (the buffer is kept). */
  const flush = () => {
    if (filled === 0) return;
    let chunk: Uint8Array;
    if (filled >= buffer.length / 2) {
      chunk = buffer.subarray(0, filled);
      post({ type: 'chunk', chunk }, [buffer.buffer as ArrayBuffer]);
      buffer = new Uint8Array(0);
    } else {
      chunk = buffer.slice(0, filled);
      post({ type: 'chunk', chunk }, [chunk.buffer as ArrayBuffer]);
    }
    unacknowledged += filled;
    filled = 0;
  };
  const onMessage = (message: ChunkMessage) => {
    if (message.type === 'start') started = true;
    else if (message.type === 'cancel') stopped = true;
    else if (message.type === 'ack') {
      unacknowledged -= message.bytes;
      // The receiver has taken everything: what is waiting goes now rather than when the buffer fills.
      if (unacknowledged === 0 && !stopped) flush();
    }
    wake?.();
  };
  const onClose = () => {
    stopped = true;
    wake?.();
  };
  const until = async (ready: () => boolean) => {
    while (!stopped && !ready()) await new Promise<void>((resolve) => (wake = resolve));
    return !stopped;
  };
  port.on('message', onMessage);
  port.once('close', onClose);
  try {
    if (!(await until(() => started))) return 'stopped';
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length; ) {
        if (!(await until(() => unacknowledged < windowBytes))) return 'stopped';
        if (filled === buffer.length) buffer = new Uint8Array(bufferBytes);
        const length = Math.min(chunk.length - at, buffer.length - filled);
        buffer.set(chunk.subarray(at, at + length), filled);
        filled += length;
        at += length;
        if (filled === buffer.length || unacknowledged === 0) flush();
      }
    }
    if (stopped) return 'stopped';
    flush();
    post({ type: 'end' });
    return 'sent';
  } catch (error) {
    if (!stopped) post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    port.off('message', onMessage);
    port.off('close', onClose);
  }
}

/**
 * The chunks arriving on `port` as an async iterable (iterate it once); the sender starts when this is
 * called. Stopping early (break, return or a consumer's error) cancels the sender. A closed port before
 * the end mark is an error.
 */
export function receiveChunks(port: MessagePort): AsyncIterable<Uint8Array> & { cancel(): void } {
  const queue: ChunkMessage[] = [];
  let waiting: ((message: ChunkMessage) => void) | undefined;
  let finished = false;
  const deliver = (message: ChunkMessage) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    } else queue.push(message);
  };
  port.on('message', deliver);
  port.once('close', () => deliver({ type: 'error', message: 'the sending side stopped' }));
  port.postMessage({ type: 'start' } satisfies ChunkMessage);
  const cancel = () => {
    if (finished) return;
    finished = true;
    port.off('message', deliver);
    port.postMessage({ type: 'cancel' } satisfies ChunkMessage);
  };
  return {
    cancel,
    async *[Symbol.asyncIterator]() {
      try {
        for (;;) {
          const message = queue.shift() ?? (await new Promise<ChunkMessage>((resolve) => (waiting = resolve)));
          if (message.type === 'end') {
            finished = true;
            return;
          }
          if (message.type === 'error') {
            finished = true;
            throw new ChunkStreamAborted(message.message);
          }
          if (message.type !== 'chunk') continue;
          port.postMessage({ type: 'ack', bytes: message.chunk.length } satisfies ChunkMessage);
          yield message.chunk;
        }
      } finally {
        cancel();
      }
    },
  };
}
