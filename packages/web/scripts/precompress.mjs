// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, so the server sends
// them as they are (@fastify/static's `preCompressed`) to a browser that accepts them, with no compression
// work per request. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.test(name)) yield path;
  }
}

let original = 0;
let brotli = 0;
let count = 0;
for (const path of files(dist)) {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  original += bytes.length;
  brotli += Math.min(br.length, bytes.length);
  count++;
}
console.log(
  `Precompressed ${count} files: ${(original / 1024).toFixed(1)} kB, ${(brotli / 1024).toFixed(1)} kB with brotli`,
);
