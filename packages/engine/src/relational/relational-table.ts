import type { ChildTables } from '../flatten/child-tables.js';
import { ByteBuilder } from '../json/byte-builder.js';
import { JsonCursor } from '../json/json-cursor.js';
import { scanString } from '../json/json-string.js';
import type { NormalizedJsonToCsvOptions } from '../options.js';
import type { Spool } from '../spool.js';
import { JsonTable } from '../table/json-table.js';
import { NaturalKey } from './natural-key.js';
import type { TableRepeatedKeys } from './table-repeated-keys.js';
import { MEMBER_KEY, PARENT_KEY, PARENT_NATURAL_KEY, type TableSpec, VALUE_KEY } from './table-specs.js';

const encoder = new TextEncoder();
const OPEN = encoder.encode('[');
const COMMA = encoder.encode(',');
const CLOSE = encoder.encode(']');
const PREFIX_PARENT = encoder.encode(`{"${PARENT_KEY}":`);
const PREFIX_MEMBER = encoder.encode(`,"${MEMBER_KEY}":`);
const PREFIX_NATURAL_KEY = encoder.encode(`,"${PARENT_NATURAL_KEY}":`);
const PREFIX_VALUE = encoder.encode(`,"${VALUE_KEY}":`);
const SUFFIX = encoder.encode('}');
const EMPTY = new Uint8Array(0);

/**
 * One table of a relational conversion while the input streams: its `JsonTable`, where its rows wait (a
 * spool, a file under Node), and its child tables. The main table reads the input; a child table reads, as
 * one JSON array, a wrapped row per element or member of every value its parent table sent it.
 */
export class RelationalTable implements ChildTables {
  readonly table: JsonTable;
  readonly children: (RelationalTable | null)[];
  private pending: { table: number; json: Uint8Array }[] = [];
  private rowsIn = 0;
  /** Wrapped rows not parsed yet. */
  private readonly input = new ByteBuilder();
  private readonly cursor = new JsonCursor();
  private encodedName: Uint8Array | null = null;
  /** Whether a row came from a map's member: its `_index` is then a key, not a position. */
  keyed = false;
  /** This table's rows' natural key, which their child rows carry beside their parent id. */
  readonly naturalKey: NaturalKey;
  /** Of each row added and not yet read (from row `firstRow` on), the number of the input record it came from. */
  private rowRecords: number[] = [];
  private firstRow = 1;

  constructor(
    readonly spec: TableSpec,
    options: NormalizedJsonToCsvOptions,
    readonly spool: Spool,
    readonly rowLengths: Spool,
    makeChild: (spec: TableSpec) => RelationalTable | null,
    repeatedKeys: TableRepeatedKeys<RelationalTable>,
  ) {
    this.table = new JsonTable(options);
    this.naturalKey = new NaturalKey(spec.path !== '', this.cursor);
    this.table.relational(this, (row, col) => repeatedKeys.note(this.recordOf(row), this, col));
    this.children = spec.children.map((child) => (child === null ? null : makeChild(child)));
    if (spec.path !== '') this.table.push(OPEN);
  }

  divert(table: number, json: Uint8Array): Uint8Array {
    this.pending.push({ table, json });
    return this.children[table]?.name ?? EMPTY;
  }

  /** What a parent row's cell says where this table's rows for it are: the table's file, `tables/items`. */
  get name(): Uint8Array {
    this.encodedName ??= encoder.encode(this.spec.file);
    return this.encodedName;
  }

  abort(): void {
    this.pending = [];
  }

  commit(id: number, row: Uint8Array, start: number, end: number, memberKey: string | null): void {
    const pending = this.pending;
    if (pending.length === 0) return;
    this.pending = [];
    // Read only for a row that has child rows: the row is whole now.
    const key = this.naturalKey.of(row, start, end, memberKey);
    const record = this.recordOf(id);
    for (const { table, json } of pending) this.children[table]?.addValue(id, key, json, record);
  }

  /** The input record that row `row` (from 1) of this table came from: the row itself in the main table. */
  private recordOf(row: number): number {
    return this.spec.path === '' ? row : (this.rowRecords[row - this.firstRow] as number);
  }

  /**
   * One array or object from the parent row `parent` (whose natural key is `key`), of input record `record`: a
   * row per element (position) or member (key).
   */
  private addValue(parent: number, key: Uint8Array | null, json: Uint8Array, record: number): void {
    const end = json.length;
    const map = json[0] === 123;
    if (map) this.keyed = true;
    let i = 1;
    for (let position = 0; i < end && json[i] !== (map ? 125 : 93); position++) {
      let member: Uint8Array | number = position;
      if (map) {
        const close = scanString(json, i + 1, end, this.cursor);
        member = memberKey(json.subarray(i, close));
        i = close + 1;
      }
      const e = minifiedValueEnd(json, i);
      this.addRow(parent, member, key, json, i, e);
      this.rowRecords.push(record);
      i = json[e] === 44 ? e + 1 : e;
    }
  }

  /**
   * A wrapped row: its parent's id, its position (an array's element) or key (a map's member), its parent's
   * natural key where it has one, its value.
   */
  private addRow(
    parent: number,
    member: Uint8Array | number,
    key: Uint8Array | null,
    json: Uint8Array,
    start: number,
    end: number,
  ): void {
    // Written straight after the rows gathered so far, parsed together at the next flush.
    const out = this.input;
    if (this.rowsIn++ > 0) out.append(COMMA, 0, 1);
    out.append(PREFIX_PARENT, 0, PREFIX_PARENT.length);
    out.appendAscii(String(parent));
    out.append(PREFIX_MEMBER, 0, PREFIX_MEMBER.length);
    if (typeof member === 'number') out.appendAscii(String(member));
    else out.append(member, 0, member.length);
    if (key !== null) {
      out.append(PREFIX_NATURAL_KEY, 0, PREFIX_NATURAL_KEY.length);
      out.append(key, 0, key.length);
    }
    out.append(PREFIX_VALUE, 0, PREFIX_VALUE.length);
    out.append(json, start, end);
    out.append(SUFFIX, 0, SUFFIX.length);
  }

  /** Parses the rows gathered since the last call: one push per input chunk of the main table, not per row. */
  private parseInput(): void {
    if (this.input.length === 0) return;
    this.table.push(this.input.view().slice());
    this.input.length = 0;
    // The rows read are told of their record by now: only those still to read are kept.
    const read = this.table.records;
    if (read >= this.firstRow) {
      this.rowRecords.splice(0, read - this.firstRow + 1);
      this.firstRow = read + 1;
    }
  }

  /** Moves the rows every table made so far to their spools. */
  async flush(): Promise<void> {
    this.parseInput();
    for (const out of this.table.take()) await this.spool.write(out);
    for (const lengths of this.table.rows.takeRowLengths()) await this.rowLengths.write(lengths);
    for (const child of this.children) await child?.flush();
  }

  /** Ends the input of this table, then of its children (a parent's end may still send them rows). */
  finish(): void {
    this.parseInput();
    if (this.spec.path !== '') this.table.push(CLOSE);
    this.table.finish();
    for (const child of this.children) child?.finish();
  }
}

/**
 * The end of the value at `json[i]` in minified JSON the flattener wrote (known valid, no whitespace): the
 * index after it, which is a `,` or its container's close for a number or literal. Cheaper than validating
 * the value again.
 */
function minifiedValueEnd(json: Uint8Array, i: number): number {
  let depth = 0;
  for (let k = i; k < json.length; k++) {
    const c = json[k];
    if (c === 34) {
      for (k++; json[k] !== 34; k++) if (json[k] === 92) k++;
      if (depth === 0) return k + 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) return k;
      if (--depth === 0) return k + 1;
    } else if (c === 44 && depth === 0) return k;
  }
  return json.length;
}

const decoder = new TextDecoder();

/**
 * A map member's key for the `<name>.\#` cell, as a JSON string. A key that a CSV cell would read back as
 * something else (JSON array or object text, which csv2json turns into that value) or that starts with `"`
 * is written as its own JSON text, quotes included: the reader parses a cell that starts with `"`.
 */
function memberKey(literal: Uint8Array): Uint8Array {
  const first = literal[1];
  const plain =
    first !== 34 &&
    first !== 91 &&
    first !== 123 &&
    first !== 92 &&
    first !== 32 &&
    first !== 9 &&
    first !== 10 &&
    first !== 13;
  return plain ? literal : encoder.encode(JSON.stringify(decoder.decode(literal)));
}
