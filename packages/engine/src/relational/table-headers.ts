import { ID_HEADER } from '../flatten/child-tables.js';
import { decodeHeaderPath } from '../header-path.js';
import {
  MEMBER_KEY,
  PARENT_KEY,
  PARENT_NATURAL_KEY,
  renameHeader,
  type TableSpec,
  VALUE_KEY,
  wrappedHeader,
} from './table-specs.js';

/** A table's row id, unique in its table: its primary key. */
export const ID_COLUMN = '_id';
/** A child table's link to its parent row: the parent table's `_id`. */
export const PARENT_COLUMN = '_parent_id';
/** A child row's place in its parent: the element's position (a list) or the member's key (a map). */
export const INDEX_COLUMN = '_index';
/** A child row's parent's natural key (its `id`, `key`, `code` or `uuid`, or a map member's key); see `NaturalKey`. */
export const PARENT_KEY_COLUMN = '_parent_key';

/** The position segment json2csv writes for an exploded list (`skins.\#`). */
const POSITION_SEGMENT = '\\#';

/** How one table's columns are written: the header row, and the flattener's header behind each. */
export interface TableHeaders {
  /** The header row as written, each unique. */
  written: string[];
  /** The flattener's header of each written column (`\#id`, `P`, `M`, `V.sku` in a child table). */
  internal: string[];
}

/** The header a person reads: keys joined by the separator without escapes, link columns by their names. */
function readable(spec: TableSpec, header: string, separator: string): string {
  if (header === ID_HEADER) return ID_COLUMN;
  const child = spec.path !== '';
  if (child && header === PARENT_KEY) return PARENT_COLUMN;
  if (child && header === MEMBER_KEY) return INDEX_COLUMN;
  if (child && header === PARENT_NATURAL_KEY) return PARENT_KEY_COLUMN;
  const segments = decodeHeaderPath(header, separator).map((segment) =>
    segment === POSITION_SEGMENT ? INDEX_COLUMN : String(segment),
  );
  // A child row's value is `V`: its own columns are named from inside it, a scalar value after the table.
  if (child && segments[0] === VALUE_KEY) {
    segments.shift();
    if (segments.length === 0) return spec.keys.at(-1) ?? VALUE_KEY;
  }
  return segments.join(separator);
}

/** The header earlier versions wrote (`\#id`, `\#parent`, `parts.\#`, `parts.sku`): unique, escapes and all. */
function legacy(spec: TableSpec, header: string, separator: string): string {
  return spec.path === '' ? header : renameHeader(spec, header, separator);
}

/**
 * The header row of one table: the link columns (`_id`; `_parent_id` and `_index` in a child table), even
 * when the table has no row, and the data columns under readable names. Columns that would share a name (a
 * key `a.b` beside the nested `a` → `b`, a key `_id`) keep the header earlier versions wrote (`a\.b`, `a.b`),
 * and one still taken (a key `_id` beside the link column) gains leading backslashes until unique (`\_id`). `written.json` records the
 * flattener's header behind each written one, so reading back never guesses.
 */
export function tableHeaders(spec: TableSpec, headers: readonly string[], separator: string): TableHeaders {
  const links = spec.path === '' ? [ID_HEADER] : [ID_HEADER, PARENT_KEY, MEMBER_KEY];
  // Every row has its link cells, so a link column is missing only from a table without rows: the columns
  // of the rows (which come first) keep their places.
  const internal = [...links.filter((link) => !headers.includes(link)), ...headers];
  // The flattener writes a row's id first, then a child row's parent and place: the schema relies on it.
  if (links.some((link, n) => internal[n] !== link)) throw new Error(`${spec.file}: link columns out of place`);
  const names = internal.map((header) => readable(spec, header, separator));
  const uses = new Map<string, number>();
  for (const name of names) uses.set(name, (uses.get(name) ?? 0) + 1);
  // Link columns, the parent's key and names no other column has are written readable; the others as
  // before, made unique.
  const linked = (n: number) => n < links.length || (spec.path !== '' && internal[n] === PARENT_NATURAL_KEY);
  const plain = (n: number) => linked(n) || uses.get(names[n] as string) === 1;
  const written: (string | null)[] = names.map((name, n) => (plain(n) ? name : null));
  const taken = new Set(written.filter((name) => name !== null));
  const unique = written.map((name, n) => {
    if (name !== null) return name;
    let fallback = legacy(spec, internal[n] as string, separator);
    while (taken.has(fallback)) fallback = `\\${fallback}`;
    taken.add(fallback);
    return fallback;
  });
  return { written: unique, internal };
}

/** Written header → flattener's header, for the columns where they differ (what `written.json` keeps). */
export function headerMapping(headers: TableHeaders): Record<string, string> {
  const mapping: Record<string, string> = {};
  headers.written.forEach((name, n) => {
    const header = headers.internal[n] as string;
    if (name !== header) mapping[name] = header;
  });
  return mapping;
}

/**
 * How a reader turns a table's written headers back into the flattener's: by `written.json`'s mapping, or for a
 * ZIP written before it had one, by undoing `legacy`.
 */
export function internalHeader(
  spec: TableSpec,
  mapping: Readonly<Record<string, string>> | undefined,
  separator: string,
): (header: string) => string {
  if (mapping !== undefined) return (header) => (Object.hasOwn(mapping, header) ? (mapping[header] as string) : header);
  return spec.path === '' ? (header) => header : (header) => wrappedHeader(spec, header, separator);
}
