import type { MessagePort } from 'node:worker_threads';

/**
 * A byte stream between threads over a MessagePort, with backpressure: the sender keeps at most
 * `windowBytes` unacknowledged, the receiver acknowledges each chunk as its consumer takes it, and
 * either side can stop the stream (the receiver cancels; the sender ends it with an error).
 */
type ChunkMessage =
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'error'; message: string }
  | { type: 'ack'; bytes: number }
  | { type: 'cancel' };

// Enough for the engine to stay busy while the other thread fills the window; bounded per stream.
const DEFAULT_WINDOW_BYTES = 8 * 1024 * 1024;

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
 * is rethrown here. Each chunk is copied once into its own buffer, which is moved (not copied) across.
 */
export async function sendChunks(
  port: MessagePort,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  windowBytes = DEFAULT_WINDOW_BYTES,
): Promise<'sent' | 'stopped'> {
  let unacknowledged = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const onMessage = (message: ChunkMessage) => {
    if (message.type === 'ack') unacknowledged -= message.bytes;
    else if (message.type === 'cancel') stopped = true;
    wake?.();
  };
  const onClose = () => {
    stopped = true;
    wake?.();
  };
  port.on('message', onMessage);
  port.once('close', onClose);
  try {
    for await (const chunk of source) {
      while (!stopped && unacknowledged >= windowBytes) await new Promise<void>((resolve) => (wake = resolve));
      if (stopped) return 'stopped';
      if (chunk.length === 0) continue;
      // A copy of just this view: the source may reuse its memory, and a view may share a larger buffer.
      const own = new Uint8Array(chunk);
      unacknowledged += own.length;
      port.postMessage({ type: 'chunk', chunk: own } satisfies ChunkMessage, [own.buffer]);
    }
    if (!stopped) port.postMessage({ type: 'end' } satisfies ChunkMessage);
    return stopped ? 'stopped' : 'sent';
  } catch (error) {
    if (!stopped) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ type: 'error', message } satisfies ChunkMessage);
    }
    throw error;
  } finally {
    port.off('message', onMessage);
    port.off('close', onClose);
  }
}

/**
 * The chunks arriving on `port` as an async iterable (iterate it once). Stopping early (break, return
 * or a consumer's error) cancels the sender. A closed port before the end mark is an error.
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
