// Prints what each route of the web app downloads (index.html, JavaScript and CSS as served, brotli) and
// fails the build when any route is over its budget (scripts/route-budgets.mjs).
// node scripts/report-bundle-size.mjs [dist directory]
import { fileURLToPath } from 'node:url';
import { weighRoutes } from './route-budgets.mjs';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url));
const rows = weighRoutes(dist);
let over = 0;
for (const { route, files, kb, budgetKb } of rows) {
  const verdict = kb > budgetKb ? `OVER BUDGET by ${(kb - budgetKb).toFixed(1)} kB` : 'ok';
  console.log(
    `${route.padEnd(24)} ${kb.toFixed(1).padStart(6)} kB in ${String(files).padStart(2)} files (budget ${budgetKb} kB) ${verdict}`,
  );
  if (kb > budgetKb) over++;
}
if (over > 0) {
  console.error(`${over} route(s) over their download budget`);
  process.exit(1);
}
