const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/** A byte count in Bytes/KB/MB/GB (spec section 9), with one decimal above bytes unless it is whole. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${value} Bytes`;
  const rounded = value.toFixed(1);
  return `${rounded.endsWith('.0') ? rounded.slice(0, -2) : rounded} ${UNITS[unit]}`;
}

/** A size given in megabytes (audit entries, stats), shown in the unit that reads best. */
export function formatMegabytes(megabytes: number): string {
  return formatBytes(megabytes * 1024 * 1024);
}
