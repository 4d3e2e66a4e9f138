import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ChunkStreamAborted, receiveChunks, sendChunks } from './chunk-channel.js';

async function* chunks(count: number, size: number, sent: { count: number } = { count: 0 }) {
  for (let i = 0; i < count; i++) {
    sent.count++;
    yield new Uint8Array(size).fill(i);
  }
}

describe('a chunk channel between threads', () => {
  it('delivers every chunk in order, then ends', async () => {
    const { port1, port2 } = new MessageChannel();
    const sending = sendChunks(port1, chunks(20, 1000), 4096);
    const received: number[] = [];
    for await (const chunk of receiveChunks(port2)) received.push(chunk[0] ?? -1, chunk.length);
    expect(await sending).toBe('sent');
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => [i, 1000]).flat());
    port1.close();
  });

  it('stops reading the source while the window is full and nothing is taken', async () => {
    const { port1, port2 } = new MessageChannel();
    const sent = { count: 0 };
    const sending = sendChunks(port1, chunks(100, 1000, sent), 4000);
    const receiver = receiveChunks(port2)[Symbol.asyncIterator]();
    await receiver.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Four chunks fill the window; one more is read and waits for room.
    expect(sent.count).toBeLessThanOrEqual(6);
    await receiver.return?.();
    expect(await sending).toBe('stopped');
    port1.close();
  });

  it('tells the receiver when the source fails, and rethrows on the sending side', async () => {
    const { port1, port2 } = new MessageChannel();
    async function* failing() {
      yield new Uint8Array([1]);
      throw new Error('connection cut');
    }
    const sending = sendChunks(port1, failing());
    const reading = (async () => {
      for await (const _ of receiveChunks(port2)) {
        // drained
      }
    })();
    await expect(sending).rejects.toThrow('connection cut');
    await expect(reading).rejects.toEqual(new ChunkStreamAborted('connection cut'));
    port1.close();
  });
});
