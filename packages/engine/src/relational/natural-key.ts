import type { JsonCursor } from '../json/json-cursor.js';
import { skipValue } from '../json/skip-value.js';
import { NATURAL_KEY_FIELDS } from '../plan/planner-tree.js';
import { MEMBER_KEY, VALUE_KEY } from './table-specs.js';

/** The natural key of a row that is a map's member: the member's key (its `_index`). */
export const MEMBER_KEY_FIELD = '_index';

/** The record was validated when it was read: no depth limit applies again. */
const ANY_DEPTH = Number.MAX_SAFE_INTEGER;
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const longestName = Math.max(VALUE_KEY.length, MEMBER_KEY.length, ...NATURAL_KEY_FIELDS.map((name) => name.length));

/** Where a member's value is in the JSON: `[start, end)`. */
type Span = [number, number];

/**
 * The members of the object at `json[start]` whose keys are short enough to be wanted, by key, read until
 * `enough` says so; nothing when the value is not an object. The JSON is a whole record already validated
 * (whitespace allowed). A member named `last` is known to end the object: its value is not read through.
 */
function shortMembers(
  json: Uint8Array,
  start: number,
  end: number,
  cursor: JsonCursor,
  enough: (found: ReadonlyMap<string, Span>) => boolean,
  last?: string,
): Map<string, Span> {
  const found = new Map<string, Span>();
  let i = cursor.ws(json, start);
  if (json[i] !== 123) return found;
  i = cursor.ws(json, i + 1);
  while (i < end && json[i] === 34) {
    let close = i + 1;
    while (json[close] !== 34) close += json[close] === 92 ? 2 : 1;
    const name = close - i - 1 <= longestName ? decoder.decode(json.subarray(i + 1, close)) : null;
    const valueStart = cursor.ws(json, cursor.ws(json, close + 1) + 1);
    if (name !== null && name === last) {
      found.set(name, [valueStart, end]);
      return found;
    }
    const valueEnd = skipValue(json, valueStart, end, 0, ANY_DEPTH, cursor);
    // The last of a duplicated key wins, as in JSON.parse and the flattener.
    if (name !== null) found.set(name, [valueStart, valueEnd]);
    if (enough(found)) return found;
    i = cursor.ws(json, valueEnd);
    if (json[i] === 44) i = cursor.ws(json, i + 1);
  }
  return found;
}

/** A string, a number or a boolean: a value a key column can hold (not null, not a list or an object). */
function isScalar(json: Uint8Array, at: number): boolean {
  const c = json[at] as number;
  return c === 34 || c === 45 || (c >= 48 && c <= 57) || c === 116 || c === 102;
}

/**
 * A table's rows' natural key, for the `_parent_key` column of its child tables: the first row that has one
 * decides which field it is for the whole table (`id`, else `key`, `code`, `uuid`; for a map's member, its
 * key), so the choice follows the input alone.
 */
export class NaturalKey {
  /** The field chosen; null until a row has one. */
  field: string | null = null;

  constructor(
    /** Whether the rows are wrapped child rows (`{"P", "M", "V"}`) rather than records. */
    private readonly wrapped: boolean,
    private readonly cursor: JsonCursor,
  ) {}

  /**
   * The natural key of the row `json[start, end)` as JSON text (a string or number literal); null if none.
   * `memberKey` is the record's key when the records are a map's members: like a map table's member, such a
   * record is named by its key, which wins over its fields.
   */
  of(json: Uint8Array, start: number, end: number, memberKey: string | null = null): Uint8Array | null {
    if (memberKey !== null && this.field !== null && this.field !== MEMBER_KEY_FIELD) memberKey = null;
    if (memberKey !== null) {
      this.field = MEMBER_KEY_FIELD;
      return encoder.encode(JSON.stringify(memberKey));
    }
    const candidates = this.candidates(json, start, end);
    if (this.field === null) {
      const first = [MEMBER_KEY_FIELD, ...NATURAL_KEY_FIELDS].find((name) => candidates.has(name));
      if (first === undefined) return null;
      this.field = first;
    }
    const span = candidates.get(this.field);
    return span === undefined ? null : json.subarray(span[0], span[1]);
  }

  /** The row's scalar candidates by field: the member key of a map's member, and the value's key fields. */
  private candidates(json: Uint8Array, start: number, end: number): Map<string, Span> {
    const scalars = new Map<string, Span>();
    // Once the field is known (or `id`, the first choice, is found), the rest of the row is not read.
    const wanted = this.field ?? NATURAL_KEY_FIELDS[0];
    const enough = (found: ReadonlyMap<string, Span>) => found.has(wanted);
    let object: Map<string, Span>;
    if (this.wrapped) {
      // A wrapped row is `{"P":…,"M":…,"K":…,"V":…}` as `RelationalTable` writes it: `V` ends it.
      const wrapper = shortMembers(json, start, end - 1, this.cursor, () => false, VALUE_KEY);
      const member = wrapper.get(MEMBER_KEY);
      // A map member's key is a string; an element's position a number, which names nothing.
      if (member !== undefined && json[member[0]] === 34) scalars.set(MEMBER_KEY_FIELD, member);
      const value = wrapper.get(VALUE_KEY);
      const read = value !== undefined && this.field !== MEMBER_KEY_FIELD;
      object = read ? shortMembers(json, value[0], value[1], this.cursor, enough) : new Map();
    } else object = shortMembers(json, start, end, this.cursor, enough);
    for (const name of NATURAL_KEY_FIELDS) {
      const span = object.get(name);
      if (span !== undefined && isScalar(json, span[0])) scalars.set(name, span);
    }
    return scalars;
  }
}
