import { afterAll, beforeAll } from 'vitest';

/**
 * Opens what the tests of the calling file or describe block share (a server, a signed-in browser)
 * in its `beforeAll`, and closes it in its `afterAll`; answers a getter for the tests.
 */
export function openedForBlock<Opened extends { close(): Promise<void> }>(open: () => Promise<Opened>): () => Opened {
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error('Not opened: its beforeAll failed or has not run');
    return opened;
  };
}

/**
 * A step that leaves state on the server (a plan bought, a key made, a file deleted), for the tests
 * that need that state: the first of them to run takes it, and the others find what it left (and its
 * answer). So any one test runs alone (`-t`), and the whole file takes each step once.
 */
export function stepOnce<Result>(step: () => Promise<Result>): () => Promise<Result> {
  let taken: Promise<Result> | undefined;
  return () => {
    taken ??= step();
    return taken;
  };
}
