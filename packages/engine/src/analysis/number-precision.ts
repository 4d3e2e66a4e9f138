/** A decimal number as significant digits (no leading or trailing zeros) and a power of ten. */
interface Decimal {
  negative: boolean;
  digits: string;
  exponent: number;
}

/** The literal's (or a double's shortest text's) value as significant digits and a power of ten, read in one scan. */
function toDecimal(text: string): Decimal {
  const negative = text.charCodeAt(0) === 45;
  let digits = '';
  let fractionDigits = 0;
  let inFraction = false;
  let exponent = 0;
  for (let k = negative ? 1 : 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 46) inFraction = true;
    else if (c === 101 || c === 69) {
      exponent = Number(text.slice(k + 1));
      break;
    } else {
      if (inFraction) fractionDigits++;
      // Leading zeros change nothing; the digits after them do.
      if (digits !== '' || c !== 48) digits += text[k];
    }
  }
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 48) end--;
  if (end === 0) return { negative: false, digits: '0', exponent: 0 };
  return { negative, digits: digits.slice(0, end), exponent: exponent + digits.length - end - fractionDigits };
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
