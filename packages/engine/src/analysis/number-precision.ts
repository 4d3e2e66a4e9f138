/** A decimal number as significant digits (no leading or trailing zeros) and a power of ten. */
interface Decimal {
  negative: boolean;
  digits: string;
  exponent: number;
}

function toDecimal(text: string): Decimal {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return { negative: false, digits: '', exponent: 0 };
  const whole = match[2] as string;
  const fraction = match[3] ?? '';
  let digits = whole + fraction;
  let exponent = Number(match[4] ?? '0') - fraction.length;
  const lead = digits.search(/[1-9]/);
  if (lead < 0) return { negative: false, digits: '0', exponent: 0 };
  digits = digits.slice(lead);
  const trail = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trail);
  exponent += trail;
  return { negative: match[1] === '-', digits, exponent };
}

/** Longest literal without an exponent whose digits alone decide it: longer ones may underflow (`0.000…1`). */
const SHORT_LITERAL = 24;

/** How `precisionOf` settles a literal: a double surely holds it, surely does not, or only `beyondDoublePrecision` can tell. */
export const EXACT = 0;
export const BEYOND = 1;
export const CHECK = 2;

/** Largest exponent magnitude that keeps a short literal's value far inside the normal doubles (1e-307 to 1e308). */
const SAFE_EXPONENT = 280;

/**
 * Settles most JSON number literals `bytes[start..end)` from their significant digits alone: up to 15 (in a
 * short literal whose value is far from the double range's ends) a double always holds them; 18 or more it
 * never can, since the shortest text of a double has at most 17. The rest need `beyondDoublePrecision`.
 */
export function precisionOf(bytes: Uint8Array, start: number, end: number): number {
  let significant = 0;
  let zeros = 0;
  let exponent = 0;
  for (let k = start; k < end; k++) {
    const c = bytes[k] as number;
    if (c === 101 || c === 69) {
      let e = 0;
      for (let d = k + 1; d < end; d++) {
        const digit = (bytes[d] as number) - 48;
        if (digit >= 0 && digit <= 9 && e <= SAFE_EXPONENT) e = e * 10 + digit;
      }
      exponent = e;
      break;
    }
    if (c === 48) {
      if (significant > 0) zeros++;
    } else if (c >= 49 && c <= 57) {
      significant += zeros + 1;
      zeros = 0;
    }
  }
  if (significant >= 18) return BEYOND;
  return significant <= 15 && exponent <= SAFE_EXPONENT && end - start <= SHORT_LITERAL ? EXACT : CHECK;
}

/**
 * True when a JSON number literal has no exact IEEE 754 double: reading it as a JavaScript number (as
 * spreadsheets and most JSON parsers do) changes its value. `12345678901234567890`, `0.1000000000000000055`
 * and `1e400` are; `1.50` and `1e2` are not. Decided by comparing the literal's decimal value with that
 * of the shortest text of the double nearest to it.
 */
export function beyondDoublePrecision(text: string): boolean {
  // Up to 15 significant digits always survive, so most numbers skip the comparison.
  if (text.length <= 15 && !/[eE]/.test(text)) return false;
  const value = Number(text);
  if (!Number.isFinite(value)) return true;
  const original = toDecimal(text);
  const back = toDecimal(String(value));
  return original.digits !== back.digits || original.exponent !== back.exponent || original.negative !== back.negative;
}
