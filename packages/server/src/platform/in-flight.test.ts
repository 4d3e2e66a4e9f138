import { describe, expect, it } from 'vitest';
import { abortable } from './in-flight.js';

async function* stalledAfter(first: number): AsyncGenerator<number> {
  yield first;
  await new Promise(() => {});
}

describe('an abortable stream', () => {
  it('passes every chunk on when nothing aborts', async () => {
    async function* three() {
      yield* [1, 2, 3];
    }
    const taken: number[] = [];
    for await (const chunk of abortable(three(), new AbortController().signal)) taken.push(chunk);
    expect(taken).toEqual([1, 2, 3]);
  });

  it('throws the reason while waiting for a chunk that never comes', async () => {
    const controller = new AbortController();
    const stream = abortable(stalledAfter(1), controller.signal);
    expect((await stream.next()).value).toBe(1);
    const waiting = stream.next();
    controller.abort(new Error('shutting down'));
    await expect(waiting).rejects.toThrow('shutting down');
  });

  it('throws the reason at the next chunk when the abort came while the consumer held one', async () => {
    const controller = new AbortController();
    async function* steady() {
      for (let i = 0; ; i++) yield i;
    }
    const stream = abortable(steady(), controller.signal);
    await stream.next();
    controller.abort(new Error('shutting down'));
    await expect(stream.next()).rejects.toThrow('shutting down');
  });
});
