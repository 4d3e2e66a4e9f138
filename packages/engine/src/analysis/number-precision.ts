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
/** Largest exponent magnitude that keeps a short literal's value far inside the normal doubles (1e-307 to 1e308). */
const SAFE_EXPONENT = 280;

/** How `NumberScan` settles a literal: a double surely holds it, surely does not, or only `beyondDoublePrecision` can tell. */
export const EXACT = 0;
export const BEYOND = 1;
export const CHECK = 2;

/**
 * What one scan of a JSON number literal's bytes tells the analysis, without building its text:
 * - `precision`: up to 15 significant digits (in a short literal whose value is far from the double range's
 *   ends) a double always holds them (EXACT); 18 or more it never can (BEYOND), since the shortest text of a
 *   double has at most 17; the rest need `beyondDoublePrecision` (CHECK);
 * - `approximate`: the value to within a relative 1e-14, enough to tell that it lies well inside a range
 *   (NaN for magnitudes under 1e-290, where that precision is not reached);
 * - `digitsOnly`: a non-negative integer, the kind of number an identifier is;
 * - `integer`: an integer of up to 15 digits (not `-0`): `approximate` is then its exact value, and
 *   `String(approximate)` its text.
 */
export class NumberScan {
  precision = EXACT;
  approximate = 0;
  digitsOnly = false;
  integer = false;

  read(bytes: Uint8Array, start: number, end: number): void {
    let k = start;
    const negative = bytes[k] === 45;
    if (negative) k++;
    let digitsOnly = !negative;
    let mantissa = 0;
    let kept = 0;
    let scale = 0;
    let significant = 0;
    let zeros = 0;
    let fraction = false;
    for (; k < end; k++) {
      const c = bytes[k] as number;
      if (c === 46) {
        fraction = true;
        digitsOnly = false;
        continue;
      }
      if (c === 101 || c === 69) break;
      const digit = c - 48;
      if (digit === 0) {
        if (significant > 0) zeros++;
      } else {
        significant += zeros + 1;
        zeros = 0;
      }
      if (kept < 17) {
        mantissa = mantissa * 10 + digit;
        if (mantissa > 0) kept++;
        if (fraction) scale--;
      } else if (!fraction) scale++;
    }
    let exponent = 0;
    if (k < end) {
      digitsOnly = false;
      let d = k + 1;
      const sign = bytes[d] === 45 ? -1 : 1;
      if (bytes[d] === 45 || bytes[d] === 43) d++;
      for (; d < end && exponent <= 100_000; d++) exponent = exponent * 10 + ((bytes[d] as number) - 48);
      exponent *= sign;
    }
    scale += exponent;
    let magnitude =
      scale < 0 ? mantissa / 10 ** Math.min(-scale, 300) / 10 ** Math.max(-scale - 300, 0) : mantissa * 10 ** scale;
    // Near the subnormal doubles the quotient loses its relative precision: no approximation there (NaN).
    if (magnitude !== 0 && magnitude < 1e-290) magnitude = Number.NaN;
    this.approximate = negative ? -magnitude : magnitude;
    this.digitsOnly = digitsOnly;
    this.integer = !fraction && exponent === 0 && k === end && kept <= 15 && !(negative && mantissa === 0);
    if (significant >= 18) this.precision = BEYOND;
    else if (significant <= 15 && Math.abs(exponent) <= SAFE_EXPONENT && end - start <= SHORT_LITERAL)
      this.precision = EXACT;
    else this.precision = CHECK;
  }
}

/** Most significant digits a program writes for a double (C's `%.17g`, Python's `repr` of old). */
const DOUBLE_DIGITS = 17;

function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a.digits === b.digits && a.exponent === b.exponent && a.negative === b.negative;
}

/**
 * True when a JSON number literal holds more than a double: reading it as a JavaScript number (as
 * spreadsheets and most JSON parsers do) loses digits it carries. `12345678901234567890`,
 * `0.1000000000000000055`, `9007199254740993` and `1e400` are; `1.50`, `1e2` and `1.4099999999999999` are
 * not. A literal is within a double when it is the text of the double nearest to it: its shortest text, or
 * that double written with as many significant digits as the literal has, up to 17 (`1.4099999999999999` is
 * 1.41 written with 17 digits, as `%.17g` writes it: read back, it is the same double).
 */
export function beyondDoublePrecision(text: string): boolean {
  // Up to 15 significant digits always survive, so most numbers skip the comparison.
  if (text.length <= 15 && !/[eE]/.test(text)) return false;
  const value = Number(text);
  if (!Number.isFinite(value)) return true;
  const original = toDecimal(text);
  if (sameDecimal(original, toDecimal(String(value)))) return false;
  const digits = original.digits.length;
  return digits > DOUBLE_DIGITS || !sameDecimal(original, toDecimal(value.toPrecision(digits)));
}
