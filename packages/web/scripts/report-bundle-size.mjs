// Prints the gzipped JavaScript a visitor downloads for the landing page (the entry chunk, the
// landing page's lazy chunk and everything they import statically) and fails the build above budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect('src/landing/landing-page.tsx');

let total = 0;
for (const file of files) total += gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;
const kb = total / 1024;
console.log(`Landing page JavaScript: ${kb.toFixed(1)} kB gzipped in ${files.size} files (budget ${BUDGET_KB} kB)`);
if (kb > BUDGET_KB) {
  console.error(`The landing page's JavaScript is over budget by ${(kb - BUDGET_KB).toFixed(1)} kB`);
  process.exit(1);
}
