import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Component tests of the web app, in jsdom. Run by `npm run test:web` from the repository root.
const conditions = ['source', 'browser', 'import', 'module', 'default'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { conditions },
  test: {
    // The build scripts' tests (scripts/*.test.mjs) run here too: they belong to the web app's build.
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 20_000,
    // A file per core (Vitest's default keeps one for itself, so a 2-core machine ran one file at a time).
    maxWorkers: os.availableParallelism(),
  },
});
