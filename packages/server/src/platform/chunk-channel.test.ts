import { setTimeout as sleep } from 'node:timers/promises';
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
  it('delivers every byte in order, then ends', async () => {
    const { port1, port2 } = new MessageChannel();
    const sending = sendChunks(port1, chunks(20, 1000), 4096);
    const received: number[] = [];
    for await (const chunk of receiveChunks(port2)) received.push(...chunk);
    expect(await sending).toBe('sent');
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => new Array(1000).fill(i)).flat());
    port1.close();
  });

  it('stops reading the source while the window is full and nothing is taken', async () => {
    const { port1, port2 } = new MessageChannel();
    const sent = { count: 0 };
    const sending = sendChunks(port1, chunks(100, 1000, sent), 4000);
    const receiver = receiveChunks(port2)[Symbol.asyncIterator]();
    await receiver.next();
    await sleep(50);
    // Four chunks fill the window, one more fills the sender's buffer, and one more waits for room.
    expect(sent.count).toBeLessThanOrEqual(7);
    await receiver.return?.();
    expect(await sending).toBe('stopped');
    port1.close();
  });

  it('joins small chunks while the receiver is busy, and splits one larger than its buffer', async () => {
    const { port1, port2 } = new MessageChannel();
    const big = Uint8Array.from({ length: 10_000 }, (_, i) => i % 251);
    const sending = sendChunks(port1, [new Uint8Array([1]), new Uint8Array([2]), big, new Uint8Array([3])], 16_000);
    const received: Uint8Array[] = [];
    for await (const chunk of receiveChunks(port2)) received.push(chunk);
    expect(await sending).toBe('sent');
    expect(received.flatMap((chunk) => [...chunk])).toEqual([1, 2, ...big, 3]);
    expect(received.length).toBeLessThan(7);
    expect(Math.max(...received.map((chunk) => chunk.length))).toBeLessThanOrEqual(4000);
    port1.close();
  });

  it('reads nothing from the source until the receiver starts', async () => {
    const { port1, port2 } = new MessageChannel();
    const sent = { count: 0 };
    const sending = sendChunks(port1, chunks(10, 1000, sent), 4000);
    await sleep(50);
    expect(sent.count).toBe(0);
    port2.close();
    expect(await sending).toBe('stopped');
    expect(sent.count).toBe(0);
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
