/**
 * Recognises a date or date-time text and names its format with the usual tokens (YYYY, MM, DD, HH, mm,
 * ss, SSS, Z). Day and month are told apart only by a number above 12: `03/04/2024` alone is
 * `NN/NN/YYYY`, which `resolveDateFormats` folds into whichever of DD/MM and MM/DD the column shows.
 */

const MONTHS =
  'jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:([T ])(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASHED = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST_SLASH = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const MONTH_NAME_FIRST = new RegExp(`^(${MONTHS})\\.? (\\d{1,2}), (\\d{4})$`, 'i');
const DAY_FIRST_NAME = new RegExp(`^(\\d{1,2}) (${MONTHS})\\.? (\\d{4})$`, 'i');
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function validDate(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** The format of a date/time text, or null when it is not one. */
export function dateFormat(text: string): string | null {
  if (text.length < 5 || text.length > 40) return null;
  const iso = ISO.exec(text);
  if (iso) {
    if (!validDate(Number(iso[2]), Number(iso[3]))) return null;
    let format = 'YYYY-MM-DD';
    if (iso[4] !== undefined) {
      if (Number(iso[5]) > 23 || Number(iso[6]) > 59) return null;
      format += `${iso[4]}HH:mm`;
      if (iso[7] !== undefined) format += ':ss';
      if (iso[8] !== undefined) format += '.SSS';
      if (iso[9] !== undefined) format += iso[9] === 'Z' ? 'Z' : iso[9].includes(':') ? '±HH:mm' : '±HHmm';
    }
    return format;
  }
  const slashed = SLASHED.exec(text);
  if (slashed) {
    const first = Number(slashed[1]);
    const second = Number(slashed[3]);
    const sep = slashed[2] as string;
    if (first > 12 && validDate(second, first)) return `DD${sep}MM${sep}YYYY`;
    if (second > 12 && validDate(first, second)) return `MM${sep}DD${sep}YYYY`;
    if (validDate(first, second)) return `NN${sep}NN${sep}YYYY`;
    return null;
  }
  const yearFirst = YEAR_FIRST_SLASH.exec(text);
  if (yearFirst) return validDate(Number(yearFirst[2]), Number(yearFirst[3])) ? 'YYYY/MM/DD' : null;
  if (MONTH_NAME_FIRST.test(text)) return 'MMM D, YYYY';
  if (DAY_FIRST_NAME.test(text)) return 'D MMM YYYY';
  const time = TIME.exec(text);
  if (time) {
    if (Number(time[1]) > 23 || Number(time[2]) > 59) return null;
    return time[3] === undefined ? 'HH:mm' : 'HH:mm:ss';
  }
  return null;
}

/**
 * Counts per format after folding the ambiguous `NN` forms: into DD/MM or MM/DD when exactly one of them
 * occurs with the same separator, else they stay `DD/MM/YYYY or MM/DD/YYYY`.
 */
export function resolveDateFormats(counts: ReadonlyMap<string, number>): Map<string, number> {
  const resolved = new Map<string, number>();
  for (const [format, count] of counts) {
    if (!format.startsWith('NN')) {
      resolved.set(format, (resolved.get(format) ?? 0) + count);
      continue;
    }
    const sep = format[2] as string;
    const dayFirst = counts.has(`DD${sep}MM${sep}YYYY`);
    const monthFirst = counts.has(`MM${sep}DD${sep}YYYY`);
    const target =
      dayFirst === monthFirst
        ? dayFirst
          ? format
          : `DD${sep}MM${sep}YYYY or MM${sep}DD${sep}YYYY`
        : dayFirst
          ? `DD${sep}MM${sep}YYYY`
          : `MM${sep}DD${sep}YYYY`;
    resolved.set(target, (resolved.get(target) ?? 0) + count);
  }
  return resolved;
}
