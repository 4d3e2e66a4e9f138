const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * The app's one byte-size format: binary units (1 KB = 1,024 bytes, 1 MB = 1,024 KB), written with the
 * spec's names Bytes, KB, MB, GB and TB as the server's limits and messages are. The unit that keeps the
 * figure under 1,024 is chosen, so a size never reads "4918.4 KB"; one decimal, dropped when it is zero.
 */
export function formatBytes(bytes: number): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let index = 0;
  while (size >= 1024 ** (index + 1) && index < UNITS.length - 1) index += 1;
  const value = size / 1024 ** index;
  if (index === 0) return `${Math.round(value)} Bytes`;
  const rounded = value.toFixed(1);
  // 1023.96 KB rounds to "1024.0": that is 1 MB.
  if (rounded === '1024.0' && index < UNITS.length - 1) return `1 ${UNITS[index + 1]}`;
  return `${rounded.endsWith('.0') ? rounded.slice(0, -2) : rounded} ${UNITS[index]}`;
}

/** A size given in megabytes (audit entries, stats, plan limits), in the same format. */
export function formatMegabytes(megabytes: number): string {
  return formatBytes(megabytes * 1024 * 1024);
}

/** A size the API rounded to hundredths of a megabyte (per-file sizes, averages): 0 means under 0.01 MB. */
export function formatRoundedMegabytes(megabytes: number): string {
  return megabytes === 0 ? '< 0.01 MB' : formatMegabytes(megabytes);
}
