import { type PlanNode, STRATEGY_JOIN, STRATEGY_JSON, STRATEGY_ROWS, STRATEGY_TABLE } from '../flatten/plan-trie.js';
import { ByteBuilder } from '../json/byte-builder.js';
import type { RecordSink, RecordsForm } from '../json/document-reader.js';
import { INCOMPLETE, type JsonCursor } from '../json/json-cursor.js';
import { decodeKey, scanString } from '../json/json-string.js';
import { skipValue } from '../json/skip-value.js';

/** The key the gathered members are put under: its column is `path.*`, as the plan names it. */
const GATHERED_KEY = new TextEncoder().encode('"*":{');
/**
 * Whether the flattener writes a container whole under this strategy (or sends it to its own table, which
 * gathers for itself): as RecordFlattener decides, `join` holds arrays only and `rows` objects only.
 */
function oneCell(strategy: number, array: boolean): boolean {
  return (
    strategy === STRATEGY_JSON || strategy === STRATEGY_TABLE || strategy === (array ? STRATEGY_JOIN : STRATEGY_ROWS)
  );
}
/** A record already validated once is walked without a depth limit of its own. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * Puts the keys a plan does not name at a `*` path with strategy `json` together under one key `*`, before
 * the flattener sees the record: `{"__compat":{…},"flex_context":{…},"grid_context":{…}}` becomes
 * `{"__compat":{…},"*":{"flex_context":{…},"grid_context":{…}}}`, whose `*` the plan writes as one JSON cell.
 * A record with keys that differ from record to record then gives one column for them, not one per key.
 * Only plans with such a path use it; the record is validated first, so the flattener reads a copy that is
 * known to be whole. Reading back (`PlannedRecordBuilder`) puts the members back beside the named keys.
 */
export class GatheringSink implements RecordSink {
  private form: RecordsForm = 'records';
  private readonly out = new ByteBuilder();
  private readonly scratch = new ByteBuilder();

  constructor(
    private readonly inner: RecordSink,
    private readonly plan: PlanNode,
    private readonly cursor: JsonCursor,
    private readonly maxDepth: number,
  ) {}

  begin(form: RecordsForm): void {
    this.form = form;
    this.inner.begin(form);
  }

  recordKey(key: string): void {
    this.inner.recordKey?.(key);
  }

  record(buf: Uint8Array, i: number, end: number, depth: number): number {
    if (this.form !== 'records' || buf[i] !== 123) return this.inner.record(buf, i, end, depth);
    const cursor = this.cursor;
    const e = skipValue(buf, i, end, depth, this.maxDepth, cursor);
    if (e < 0) return INCOMPLETE;
    // The lines were counted by the validation: walking the bytes again must not count them twice.
    const { base, line, lineStart } = cursor;
    const out = this.out;
    out.length = 0;
    this.value(buf, i, e, this.plan);
    const length = out.length;
    // Scanners expect a 0 byte just past the end (see JsonCursor).
    out.appendAscii('\0');
    cursor.base = base + i;
    try {
      if (this.inner.record(out.bytes, 0, length, depth) < 0) return INCOMPLETE;
    } finally {
      cursor.base = base;
      cursor.line = line;
      cursor.lineStart = lineStart;
    }
    return e;
  }

  /** Writes the value `buf[i..e)`, gathering keys along the plan's nodes that lead to a gathering `*`. */
  private value(buf: Uint8Array, i: number, e: number, node: PlanNode | null): void {
    const out = this.out;
    const c = buf[i];
    if (node === null || !node.gathersBelow || (c !== 123 && c !== 91) || oneCell(node.strategy, c === 91)) {
      out.append(buf, i, e);
      return;
    }
    // Recursion follows the plan's paths, not the data's depth: below the last planned node bytes are copied.
    if (c === 91) this.array(buf, i, node.item());
    else this.object(buf, i, node);
  }

  private array(buf: Uint8Array, i: number, items: PlanNode | null): void {
    const cursor = this.cursor;
    this.out.appendAscii('[');
    let j = cursor.ws(buf, i + 1);
    for (let first = true; buf[j] !== 93; first = false) {
      if (!first) this.out.appendAscii(',');
      const e = skipValue(buf, j, buf.length, 0, NO_LIMIT, cursor);
      this.value(buf, j, e, items);
      j = cursor.ws(buf, e);
      if (buf[j] === 44) j = cursor.ws(buf, j + 1);
    }
    this.out.appendAscii(']');
  }

  private object(buf: Uint8Array, i: number, node: PlanNode): void {
    const cursor = this.cursor;
    const out = this.out;
    const gathers = node.gathers;
    // Gathered members as [start, end) pairs of `"key":value` in `buf`, written after the named ones.
    const gathered: number[] = [];
    out.appendAscii('{');
    let written = 0;
    let j = cursor.ws(buf, i + 1);
    while (buf[j] !== 125) {
      const close = scanString(buf, j + 1, buf.length, cursor);
      const key = decodeKey(buf, j + 1, close - 1, cursor, this.scratch);
      const start = cursor.ws(buf, cursor.ws(buf, close) + 1);
      const e = skipValue(buf, start, buf.length, 0, NO_LIMIT, cursor);
      const named = node.named(key);
      if (named === null && gathers) gathered.push(j, e);
      else {
        if (written++ > 0) out.appendAscii(',');
        out.append(buf, j, close);
        out.appendAscii(':');
        this.value(buf, start, e, named ?? node.key(key));
      }
      j = cursor.ws(buf, e);
      if (buf[j] === 44) j = cursor.ws(buf, j + 1);
    }
    if (gathered.length > 0) {
      if (written > 0) out.appendAscii(',');
      out.append(GATHERED_KEY, 0, GATHERED_KEY.length);
      for (let n = 0; n < gathered.length; n += 2) {
        if (n > 0) out.appendAscii(',');
        out.append(buf, gathered[n] as number, gathered[n + 1] as number);
      }
      out.appendAscii('}');
    }
    out.appendAscii('}');
  }
}
