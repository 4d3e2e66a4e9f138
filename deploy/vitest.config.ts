import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The cluster test (`npm run test:cluster`, part of `npm run test:postgres`): real processes
// behind nginx on PostgreSQL. Workspace packages resolve to their sources, as in the main config.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', 'node'] } },
  test: {
    include: ['deploy/test/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
