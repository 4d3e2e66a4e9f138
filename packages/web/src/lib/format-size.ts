const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A unit a size may be asked in; without one the unit that reads best is chosen. */
export type SizeUnit = (typeof UNITS)[number];

/**
 * The app's one byte-size format (spec section 9): Bytes, KB, MB, GB or TB (1024 apart), one decimal
 * above bytes, dropped when it is zero. `unit` fixes the unit (the comparison view shows KB).
 */
export function formatBytes(bytes: number, unit?: SizeUnit): string {
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let index = 0;
  if (unit) index = UNITS.indexOf(unit);
  else while (size >= 1024 ** (index + 1) && index < UNITS.length - 1) index += 1;
  const value = size / 1024 ** index;
  if (index === 0) return `${Math.round(value)} Bytes`;
  const rounded = value.toFixed(1);
  return `${rounded.endsWith('.0') ? rounded.slice(0, -2) : rounded} ${UNITS[index]}`;
}

/** A size given in megabytes (audit entries, stats), in the same format. */
export function formatMegabytes(megabytes: number): string {
  return formatBytes(megabytes * 1024 * 1024);
}

/** A size the API rounded to hundredths of a megabyte (per-file sizes, averages): 0 means under 0.01 MB. */
export function formatRoundedMegabytes(megabytes: number): string {
  return megabytes === 0 ? '< 0.01 MB' : formatMegabytes(megabytes);
}
