import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The tiers are chosen by where a test file lives and how it is named, never by a list, so a new file
// lands in one the day it is written (docs/testing.md):
// - unit: `src/**` of engine, cli, contracts and server, and the CLI's tests (`npm run test:unit`);
// - slow: any `*.slow.test.ts` (property runs with many cases, the public-data fixtures);
// - integration: `packages/server/test/**`, the server built whole against an embedded database.
//   Of those, `*.db.test.ts` test what differs by database, and run again on PostgreSQL.
// `vitest run` runs all three; the web app's tests need a browser-like environment (`npm run test:web`).
const SLOW = '**/*.slow.test.ts';
const NOT_HERE = [...configDefaults.exclude, 'packages/web/**'];

// Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
// never run against stale builds. Vitest runs tests through Vite's SSR pipeline, hence `ssr.resolve`.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source', 'node'] } },
  test: {
    // A file per core. Vitest's default keeps one core for itself (`cores - 1`), which on the 2-core CI machine
    // ran the files one at a time, each mostly waiting on worker threads, databases and sockets.
    maxWorkers: os.availableParallelism(),
    testTimeout: 60_000,
    // Starting an app also starts its conversion worker threads, which compile the sources through tsx:
    // on a busy machine that passed the default 10 s of a beforeAll.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/cli/test/**/*.test.ts'],
          exclude: [...NOT_HERE, SLOW],
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: ['packages/*/{src,test}/**/*.slow.test.ts'],
          exclude: NOT_HERE,
          // A property run of 1000 conversions takes about a minute alone, several with every core busy.
          testTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['packages/server/test/**/*.test.ts'], exclude: [...NOT_HERE, SLOW] },
      },
    ],
  },
});
