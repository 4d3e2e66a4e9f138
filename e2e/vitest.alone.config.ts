import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ALONE, browserTests } from './vitest.config.js';

// The browser tests that time the page's own tasks, one file at a time after the others (`npm run test:e2e`):
// beside three other files' servers and Chromiums on two cores, an 85 ms task of the page was measured at
// 283 ms, the page waiting for a core, not working.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: { ...browserTests, include: [ALONE], maxWorkers: 1 },
});
