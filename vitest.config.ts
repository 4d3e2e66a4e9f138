import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// never run against stale builds. Vitest runs tests through Vite's SSR pipeline, hence `ssr.resolve`;
// only packages Vite transforms see the condition (dependencies in node_modules load as Node loads them).
const conditions = ['source', 'node', 'import', 'module', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
