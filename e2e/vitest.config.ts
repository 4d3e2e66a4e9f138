import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** What every browser test file runs under, alone or beside others. */
export const browserTests = {
  // A test run alone takes the steps of the tests before it first (a plan bought, a key made), which on a
  // busy 2-core machine took over a minute.
  testTimeout: 180_000,
  // Above the ceiling a server is given to start (support/test-server.ts, 180 s by default).
  hookTimeout: 240_000,
};

/** Files that measure the page's own work (its long tasks): they run after the others (vitest.alone.config.ts). */
export const ALONE = 'e2e/**/*.alone.e2e.test.ts';

// The browser tests: each file its own real server (built) and Chromium. Run by `npm run test:e2e`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    ...browserTests,
    include: ['e2e/**/*.e2e.test.ts'],
    exclude: [...configDefaults.exclude, ALONE],
    // A file per core, each with its own server, data directory, database and Chromium: a test mostly waits
    // (on the server, on the page, on mail), so one file at a time left the CPU two-thirds idle.
    maxWorkers: os.availableParallelism(),
  },
});
