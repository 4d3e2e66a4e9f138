// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_BUDGETS, weighRoutes } from './route-budgets.mjs';

const script = fileURLToPath(new URL('./report-bundle-size.mjs', import.meta.url));
const made = [];

/** A build directory whose entry weighs `entryKb` (random bytes: brotli cannot shrink them) and lazily imports `lazy`. */
function build(entryKb, lazy = ROUTE_BUDGETS.flatMap((row) => row.chunks)) {
  const dist = mkdtempSync(join(tmpdir(), 'unnest-budget-'));
  made.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dist, 'assets/entry.js'), randomBytes(entryKb * 1024));
  writeFileSync(join(dist, 'assets/shared.js'), randomBytes(1024));
  const manifest = { 'index.html': { file: 'assets/entry.js', isEntry: true, dynamicImports: [...new Set(lazy)] } };
  for (const key of new Set(lazy)) {
    const file = `assets/${key.replaceAll('/', '_')}.js`;
    writeFileSync(join(dist, file), randomBytes(2048));
    manifest[key] = { file, isDynamicEntry: true, imports: ['_shared.js'] };
  }
  manifest['_shared.js'] = { file: 'assets/shared.js' };
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}

function report(dist) {
  return spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
}

afterEach(() => {
  for (const dist of made.splice(0)) rmSync(dist, { recursive: true, force: true });
});

describe('the per-route download budget', () => {
  it('weighs each route as its entry, its own chunks and what they import, each file once', () => {
    const landing = weighRoutes(build(10)).find((row) => row.route === '/ (landing)');
    const dashboard = weighRoutes(build(10)).find((row) => row.route === '/dashboard');
    expect(landing?.files).toBe(1);
    // the drawers, the bell and the page (2 kB each), the chunk they share (1 kB) once, the entry
    expect(dashboard?.files).toBe(5);
    expect(dashboard?.kb).toBeCloseTo(10 + 3 * 2 + 1 + 15 / 1024, 5);
  });

  it('passes the build when every route is within its budget', () => {
    const result = report(build(10));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\/dashboard .* ok/);
  });

  it('fails the build when a route is over its budget, naming it', () => {
    const smallest = Math.min(...ROUTE_BUDGETS.map((row) => row.budgetKb));
    const result = report(build(smallest + 1));
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/\/ \(landing\) .* OVER BUDGET/);
    expect(result.stderr).toMatch(/over their download budget/);
  });

  it('fails the build when the app lazily loads a page no budget names', () => {
    const result = report(build(10, [...ROUTE_BUDGETS.flatMap((row) => row.chunks), 'src/new/new-page.tsx']));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no route budget names src/new/new-page.tsx');
  });
});
