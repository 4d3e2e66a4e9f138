// What each route of the web app downloads before it can show its page, read from the Vite manifest
// of a build, and the budget each route is held to. Used by report-bundle-size.mjs (run by the build)
// and its test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The chunks the shell loads for any signed-in user beside the page: the navigation drawers and the bell.
 * (The checkout script's loader renders nothing and waits for no page, so it is not counted.)
 */
const SIGNED_IN = ['src/app/layout/nav-drawers.tsx', 'src/notifications/index.ts'];

/**
 * Every lazy chunk of the app shell (a dynamic import of the entry named by its source), with the
 * route or moment that loads it and its budget in kB as served (brotli). The entry chunk and its
 * static imports count in every row; a signed-in route counts the signed-in shell too. A chunk
 * that only loads later on a page (the charts, the engine's preview) is not in its route's row.
 */
export const ROUTE_BUDGETS = [
  { route: '/ (landing)', chunks: [], budgetKb: 200 },
  { route: 'sign-in dialog', chunks: ['src/auth/index.ts'], budgetKb: 210 },
  {
    route: '/ (quick convert, once there is input)',
    chunks: ['src/landing/quick-output.tsx', 'src/landing/quick-formula-guard-notice.tsx'],
    budgetKb: 210,
  },
  // Only a browser without Web Workers loads the engine on the page itself.
  { route: '/ (quick convert, no Web Workers)', chunks: ['src/landing/quick-conversion.ts'], budgetKb: 255 },
  { route: '/pricing', chunks: ['src/app/pages/pricing-route.tsx'], budgetKb: 225 },
  { route: '/dashboard', chunks: [...SIGNED_IN, 'src/app/pages/dashboard-route.tsx'], budgetKb: 250 },
  { route: '/convert', chunks: [...SIGNED_IN, 'src/app/pages/convert-route.tsx'], budgetKb: 340 },
  { route: '/files', chunks: [...SIGNED_IN, 'src/app/pages/files-route.tsx'], budgetKb: 260 },
  { route: '/batch', chunks: [...SIGNED_IN, 'src/batch/batch-page.tsx'], budgetKb: 255 },
  { route: '/audit', chunks: [...SIGNED_IN, 'src/audit/audit-page.tsx'], budgetKb: 230 },
  { route: '/settings', chunks: [...SIGNED_IN, 'src/app/pages/settings-route.tsx'], budgetKb: 250 },
  { route: '/payments/return', chunks: [...SIGNED_IN, 'src/payments/payment-return-page.tsx'], budgetKb: 220 },
  { route: '/payments/receipts/:id', chunks: [...SIGNED_IN, 'src/payments/receipt-page.tsx'], budgetKb: 225 },
  {
    route: '/admin',
    chunks: [...SIGNED_IN, 'src/admin/index.ts', 'src/admin/admin-dashboard-page.tsx'],
    budgetKb: 225,
  },
];

/** The bytes a browser that accepts brotli receives for one built file. */
function servedBytes(dist, file) {
  const br = join(dist, `${file}.br`);
  return readFileSync(existsSync(br) ? br : join(dist, file)).length;
}

/**
 * Each row of `budgets` weighed against the build in `dist`: the files it loads and their size in kB as
 * served. Throws when the entry lazily imports a source chunk that no row names, so a new route cannot
 * go without a budget.
 */
export function weighRoutes(dist, budgets = ROUTE_BUDGETS) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = manifest['index.html'];
  if (!entry) throw new Error('the manifest has no index.html entry');
  const named = new Set(budgets.flatMap((row) => row.chunks));
  const unbudgeted = (entry.dynamicImports ?? []).filter((key) => key.startsWith('src/') && !named.has(key));
  if (unbudgeted.length > 0) throw new Error(`no route budget names ${unbudgeted.join(', ')}`);

  return budgets.map(({ route, chunks, budgetKb }) => {
    const files = new Set();
    const collect = (key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${route}: the manifest has no chunk ${key}`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) collect(imported);
    };
    for (const key of ['index.html', ...chunks]) collect(key);
    let bytes = servedBytes(dist, 'index.html');
    for (const file of files) bytes += servedBytes(dist, file);
    return { route, files: files.size, kb: bytes / 1024, budgetKb };
  });
}
