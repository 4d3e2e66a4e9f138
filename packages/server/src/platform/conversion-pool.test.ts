import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversionPool } from './conversion-pool.js';
import type { EngineSettings } from './conversion-tasks.js';

const CSV: EngineSettings = {
  direction: 'json-to-csv',
  format: 'csv',
  delimiter: ',',
  arrays: 'index',
  bom: false,
  excelSafe: false,
  analysis: false,
};

/** An input whose chunks the test hands over one by one. */
function handedInput() {
  const queue: Uint8Array[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  return {
    give(text: string) {
      queue.push(new TextEncoder().encode(text));
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        while (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
        const chunk = queue.shift();
        if (!chunk) return;
        yield chunk;
      }
    },
  };
}

/** How many of this process's threads run at `nice` (Linux: a thread's nice value is its own). */
function threadsAtNice(nice: number): number {
  let count = 0;
  for (const thread of fs.readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    } catch (error) {
      // A thread that ended between the listing and the read (an idle pool thread, a GC helper).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === nice) count++;
  }
  return count;
}

let root: string;
let pool: ConversionPool;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-pool-'));
  pool = new ConversionPool({ storage: { kind: 'local', root }, spoolDir: root, threads: 2 });
});
afterEach(async () => {
  await pool.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the conversion pool', () => {
  it('starts no thread before its first task, then keeps the quick lane’s one', async () => {
    expect(pool.threads).toHaveLength(0);
    const csv = await pool.toBytes(CSV, new TextEncoder().encode('[{"a":1}]'));
    expect(new TextDecoder().decode(csv)).toBe('a\n1\n');
    expect(pool.threads).toHaveLength(1);
  });

  it('lowers the priority of bulk conversions while two run, and raises it again for one left alone', async () => {
    const base = os.getPriority();
    const lowered = base + 10;
    const before = threadsAtNice(lowered);
    const first = handedInput();
    const second = handedInput();
    const firstOutput = text(pool.toStream(CSV, first));
    first.give('[{"a":1}');
    const secondOutput = text(pool.toStream(CSV, second));
    // Each thread looks at the pool's wish as it takes a chunk. Starting the second thread compiles the worker
    // from its sources, which on a busy machine took longer than 5 s: the wait ends at a deadline, not a count.
    const deadline = Date.now() + 25_000;
    for (let i = 0; threadsAtNice(lowered) < before + 2 && Date.now() < deadline; i++) {
      first.give(',{"a":1}');
      second.give(i === 0 ? '[{"a":2}' : ',{"a":2}');
      await sleep(25);
    }
    expect(threadsAtNice(lowered)).toBe(before + 2);
    second.give(']');
    second.end();
    expect(await secondOutput).toMatch(/^a\n2\n/);
    // Alone again: the running one goes back to normal priority, where the process may raise it (root
    // or CAP_SYS_NICE); the idle one does when it next takes a task.
    if (process.getuid?.() === 0) {
      const aloneBy = Date.now() + 25_000;
      while (threadsAtNice(lowered) > before + 1 && Date.now() < aloneBy) {
        first.give(',{"a":1}');
        await sleep(25);
      }
      expect(threadsAtNice(lowered)).toBe(before + 1);
    }
    first.give(']');
    first.end();
    expect(await firstOutput).toMatch(/^a\n1\n/);
  });
});
