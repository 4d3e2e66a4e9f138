import { decodeHeaderPath } from '../header-path.js';
import { ABBREVIATIONS } from './abbreviations.js';
import type { SemanticType, SmartHeader } from './report.js';

/** Options of `smartColumnNames`. */
export interface SmartNameOptions {
  /** The separator the paths were written with (default `.`). */
  separator?: string;
  /** Detected meanings by path: a column with a meaningless key (`c3`, `field1`) is named after its meaning. */
  semantics?: ReadonlyMap<string, SemanticType>;
}

const SEMANTIC_LABELS: Record<SemanticType, string> = {
  email: 'E-mail',
  url: 'URL',
  datetime: 'Date',
  uuid: 'UUID',
  phone: 'Phone',
  currency: 'Amount',
  percentage: 'Percentage',
  country_code: 'Country',
  ip_address: 'IP Address',
  boolean_like: 'Flag',
  identifier: 'ID',
};

// A key that says nothing about its content: `c3`, `field_1`, `col`, `value`.
const MEANINGLESS = /^(?:c|f|v|x|col|column|field|val|value|attr|prop)?[_-]?\d*$/i;

/** Splits a key into words at `_`, `-`, spaces, dots, camelCase humps and letter/digit boundaries. */
export function splitWords(key: string): string[] {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((word) => word.length > 0);
}

function readableWord(word: string): string {
  const known = ABBREVIATIONS.get(word.toLowerCase());
  if (known !== undefined) return known;
  return word[0]?.toUpperCase() + word.slice(1);
}

/**
 * Readable, unique column names for flattened paths: keys split into words, abbreviations expanded from
 * the built-in dictionary (`user.addr.zip` is "User Address ZIP"), array positions counted from 1
 * (`tags.0` is "Tags 1"), a key without meaning named after its detected semantic type, and an empty one
 * "Column N". A name already taken gets " (2)", " (3)"... in order.
 */
export function smartColumnNames(paths: readonly string[], options: SmartNameOptions = {}): SmartHeader[] {
  const separator = options.separator ?? '.';
  const taken = new Set<string>();
  return paths.map((path, k) => {
    const words: string[] = [];
    const segments = decodeHeaderPath(path, separator);
    segments.forEach((segment, s) => {
      if (typeof segment === 'number') {
        words.push(String(segment + 1));
        return;
      }
      const last = s === segments.length - 1;
      const semantic = options.semantics?.get(path);
      if (last && semantic !== undefined && MEANINGLESS.test(segment)) {
        words.push(SEMANTIC_LABELS[semantic]);
        return;
      }
      words.push(...splitWords(segment).map(readableWord));
    });
    const base = words.length > 0 ? words.join(' ') : `Column ${k + 1}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    taken.add(name);
    return { path, name };
  });
}
