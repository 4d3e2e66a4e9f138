import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The browser tests: one real server (built), one real Chromium. Run by `npm run test:e2e`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
