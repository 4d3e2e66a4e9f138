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
