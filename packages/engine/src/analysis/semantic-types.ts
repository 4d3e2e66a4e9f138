import { COUNTRY_CODES } from './country-codes.js';
import { dateFormat, resolveDateFormats } from './date-format.js';
import type { JsonType, SemanticDetection, SemanticType } from './report.js';
import type { Utf8Text } from './utf8-text.js';

/** A column gets a semantic type when at least this share of its non-empty values fit it. */
export const SEMANTIC_THRESHOLD = 0.9;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:]+\.[A-Za-z]{2,}$/;
const URL_TEXT = /^(?:https?|ftp):\/\/[^\s/?#]+\.[^\s/?#]+[^\s]*$|^www\.[^\s/?#]+\.[^\s]+$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const PERCENT = /^[-+]?\d+(?:[.,]\d+)?\s?%$/;
const CURRENCY_SYMBOL = /^[-+]?[$€£¥₹₩₽₺₦]\s?\d[\d,]*(?:\.\d+)?$|^[-+]?\d[\d,]*(?:\.\d+)?\s?[$€£¥₹₩₽₺₦]$/;
const CURRENCY_CODE =
  /^(?:USD|EUR|GBP|JPY|INR|CNY|AUD|CAD|CHF|SEK|NOK|DKK|NZD|SGD|HKD|BRL|MXN|ZAR|RUB|KRW|TRY|PLN|AED) ?-?\d[\d,]*(?:\.\d+)?$|^-?\d[\d,]*(?:\.\d+)? ?(?:USD|EUR|GBP|JPY|INR|CNY|AUD|CAD|CHF|SEK|NOK|DKK|NZD|SGD|HKD|BRL|MXN|ZAR|RUB|KRW|TRY|PLN|AED)$/;
// A phone number: 7 to 15 digits with a leading + or separators, so a plain integer is never a phone.
const PHONE = /^\+?[\d\s().-]{7,22}$/;
const BOOLEAN_WORDS = new Set(['yes', 'no', 'y', 'n', 'true', 'false', 't', 'f', 'on', 'off', '1', '0']);
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const ID_NAME = /(^|[_\-\s.])(id|uid|uuid|key|code|sku|ref|no)$|[a-z0-9](Id|ID|Key|Code|No)$/;

/** IPv6 in its full or `::`-shortened form (no embedded IPv4, no zone). */
function isIpv6(text: string): boolean {
  if (!text.includes(':') || text.length > 39) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((part) => part.every((group) => HEX_GROUP.test(group)))) return false;
  const count = groups.reduce((sum, part) => sum + part.length, 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

function isPhone(text: string): boolean {
  if (!PHONE.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15 && (text.startsWith('+') || /[\s().-]/.test(text));
}

/** The semantic type of one value by its text alone (identifiers need the whole column), or null. */
export function valueSemantic(type: JsonType, text: string): SemanticType | null {
  if (type === 'number') return text === '0' || text === '1' ? 'boolean_like' : null;
  if (type !== 'string') return null;
  const trimmed = text.trim();
  if (UUID.test(trimmed)) return 'uuid';
  if (EMAIL.test(trimmed)) return 'email';
  if (URL_TEXT.test(trimmed)) return 'url';
  if (IPV4.test(trimmed) || isIpv6(trimmed)) return 'ip_address';
  if (dateFormat(trimmed) !== null) return 'datetime';
  if (PERCENT.test(trimmed)) return 'percentage';
  if (CURRENCY_SYMBOL.test(trimmed) || CURRENCY_CODE.test(trimmed)) return 'currency';
  if (isPhone(trimmed)) return 'phone';
  if (COUNTRY_CODES.has(trimmed)) return 'country_code';
  if (BOOLEAN_WORDS.has(trimmed.toLowerCase())) return 'boolean_like';
  return null;
}

/** What one value looks like: its semantic type (and date format) and whether it is an identifier token. */
interface Verdict {
  semantic: SemanticType | null;
  format: string | null;
  token: boolean;
  mixed: boolean;
}

/**
 * Distinct texts judged per column, each verdict remembered by the text's hash so repeats cost a lookup.
 * The first text new after that ends the column's checks: later texts are counted in `unchecked`.
 */
export const MAX_JUDGED_TEXTS = 1024;
/** Longer texts match no semantic type and are no tokens (every pattern is far shorter). */
const MAX_JUDGED_BYTES = 2048;

const NO_MATCH: Verdict = { semantic: null, format: null, token: false, mixed: false };

function judgeText(text: string): Verdict {
  const semantic = valueSemantic('string', text);
  const token = TOKEN.test(text);
  return {
    semantic,
    format: semantic === 'datetime' ? dateFormat(text.trim()) : null,
    token,
    mixed: token && /[A-Za-z]/.test(text) && /\d/.test(text),
  };
}

/**
 * Counts, per column, what its values look like; `result` turns the counts into one detection. Numbers are
 * judged from their literal, every one. Texts are judged once per distinct value, for the first
 * MAX_JUDGED_TEXTS distinct texts; from the first new text after those, the column's texts are counted as
 * not checked, so the detection rests on the values before it (`checked` says how many).
 */
export class SemanticTally {
  private checked = 0;
  /** Non-empty string and number values not checked, once the column ran out of judgements. */
  unchecked = 0;
  private readonly remembered = new Map<number, Verdict>();
  private readonly matches = new Map<SemanticType, number>();
  private readonly formats = new Map<string, number>();
  private tokens = 0;
  private mixedTokens = 0;

  /** Tallies one number: `digitsOnly` (an identifier token) and `zeroOrOne` (boolean-like) come from its literal. */
  addNumber(digitsOnly: boolean, zeroOrOne: boolean): void {
    this.checked++;
    if (zeroOrOne) this.matches.set('boolean_like', (this.matches.get('boolean_like') ?? 0) + 1);
    if (digitsOnly) this.tokens++;
  }

  /** Tallies one non-empty text; `key` is its hash key (repeats are not judged again). */
  addText(key: number, value: Utf8Text): void {
    if (this.unchecked > 0) {
      this.unchecked++;
      return;
    }
    let verdict = this.remembered.get(key);
    if (verdict === undefined) {
      if (this.remembered.size === MAX_JUDGED_TEXTS) {
        this.unchecked++;
        return;
      }
      verdict = value.byteLength > MAX_JUDGED_BYTES ? NO_MATCH : judgeText(value.text());
      this.remembered.set(key, verdict);
    }
    this.checked++;
    if (verdict.semantic !== null) this.matches.set(verdict.semantic, (this.matches.get(verdict.semantic) ?? 0) + 1);
    if (verdict.format !== null) this.formats.set(verdict.format, (this.formats.get(verdict.format) ?? 0) + 1);
    if (verdict.token) this.tokens++;
    if (verdict.mixed) this.mixedTokens++;
  }

  /** Date formats seen, the ambiguous day/month forms folded (see `resolveDateFormats`). */
  dateFormats(): Map<string, number> {
    return resolveDateFormats(this.formats);
  }

  /**
   * The column's type: the value-based type most values share, when at least 90% fit it; else
   * `identifier` when the key name says so (`id`, `user_id`, `orderId`, `sku`...) and 90% of the values
   * are tokens, or when every value is a distinct token mixing letters and digits (`ORD-1001`).
   */
  result(keyName: string, distinctExact: number | null): SemanticDetection | null {
    if (this.checked === 0) return null;
    const needed = Math.ceil(this.checked * SEMANTIC_THRESHOLD);
    let best: SemanticType | null = null;
    let bestCount = 0;
    for (const [type, count] of this.matches) {
      if (count > bestCount) {
        best = type;
        bestCount = count;
      }
    }
    if (best !== null && bestCount >= needed) {
      const detection: SemanticDetection = { type: best, matched: bestCount, checked: this.checked };
      if (best === 'datetime') {
        const [format] = [...this.dateFormats()].sort((a, b) => b[1] - a[1])[0] ?? [];
        if (format !== undefined) detection.format = format;
      }
      return detection;
    }
    const uniqueMixed =
      this.unchecked === 0 && this.mixedTokens === this.checked && this.checked >= 2 && distinctExact === this.checked;
    if ((ID_NAME.test(keyName) && this.tokens >= needed) || uniqueMixed) {
      return { type: 'identifier', matched: this.tokens, checked: this.checked };
    }
    return null;
  }
}
