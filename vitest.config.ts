import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// never run against stale builds. Vitest runs tests through Vite's SSR pipeline, hence `ssr.resolve`.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', 'node'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // The web app's tests need a browser-like environment: `npm run test:web` runs them.
    exclude: ['packages/web/**', '**/node_modules/**'],
    testTimeout: 60_000,
    // Starting an app also starts its conversion worker threads, which compile the sources through tsx:
    // on a busy machine that passed the default 10 s of a beforeAll.
    hookTimeout: 60_000,
  },
});
