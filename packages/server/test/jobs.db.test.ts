import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, JobQueue } from '../src/platform/jobs.js';
import { createLogger } from '../src/platform/logger.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
let queue: JobQueue;
const seen: string[] = [];
let failuresLeft = 1;
let delivered: () => void = () => {};

const greet = defineJob({
  name: 'test.greet',
  payload: Type.Object({ name: Type.String() }),
  retry: { limit: 2, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
  async handle({ name }) {
    if (name === 'flaky' && failuresLeft-- > 0) throw new Error('first attempt fails');
    seen.push(name);
    delivered();
  },
});

beforeAll(async () => {
  database = await openTestDatabase();
  queue = JobQueue.create({ connection: database.handle.queueOptions, log: createLogger('silent') });
  await queue.start({ definitions: [greet], workers: 1 });
});
afterAll(async () => {
  await queue?.stop(2_000);
  await database?.dispose();
});

function nextDelivery(): Promise<void> {
  return new Promise((resolve) => {
    delivered = resolve;
  });
}

describe('the job queue', () => {
  it('runs a typed job on a worker', async () => {
    const done = nextDelivery();
    const id = await queue.send(greet, { name: 'ada' });
    await done;
    expect(seen).toContain('ada');
    await expect.poll(() => queue.state(greet.name, id), { timeout: 10_000 }).toBe('completed');
  });

  it('retries a failing job', async () => {
    const done = nextDelivery();
    await queue.send(greet, { name: 'flaky' });
    await done;
    expect(failuresLeft).toBeLessThan(0);
    expect(seen).toContain('flaky');
  });

  it('refuses a payload that does not match the schema', async () => {
    // @ts-expect-error the payload is wrong on purpose
    await expect(queue.send(greet, { name: 42 })).rejects.toThrow(/payload for job test.greet is invalid/);
  });
});
