import type { FlattenPlan } from '../flatten/flatten-plan.js';
import { FlatRowParser, writeJsonValue } from './json-value.js';
import { type FlatRow, type PlannedRecord, PlannedRecordBuilder } from './planned-records.js';

const encoder = new TextEncoder();
/** How much row text `flatRows` parses before handing the rows on. */
const ROW_BATCH_CHARS = 1 << 14;

/** The rows of csv2json's flat JSON Lines (`unflatten: false`), each cell by header, already typed exactly. */
export async function* flatRows(flatLines: AsyncIterable<Uint8Array>): AsyncGenerator<FlatRow[]> {
  const decoder = new TextDecoder();
  let pending = '';
  const parser = new FlatRowParser();
  const rowOf = (line: string): FlatRow => parser.parse(line);
  for await (const chunk of flatLines) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    // Rows of up to ROW_BATCH_CHARS of text at a time: a chunk may hold many rows of a wide table, each a map
    // of every column once parsed; narrow rows still come a chunk at a time.
    let batch: FlatRow[] = [];
    let batchChars = 0;
    for (const line of lines) {
      if (line === '') continue;
      batch.push(rowOf(line));
      batchChars += line.length;
      if (batchChars < ROW_BATCH_CHARS) continue;
      yield batch;
      batch = [];
      batchChars = 0;
    }
    if (batch.length > 0) yield batch;
  }
  pending += decoder.decode();
  if (pending.trim() !== '') yield [rowOf(pending)];
}

/**
 * Writes records read back as one JSON array, one object keyed by each record's key (`map`), or JSON Lines
 * (`lines`: one compact record per line; not for a map, whose records are an object's members).
 */
export class PlannedJsonWriter {
  private written = 0;

  constructor(
    private readonly map: boolean,
    private readonly pretty: boolean,
    private readonly lines = false,
  ) {}

  /** The next record's bytes. */
  write(record: PlannedRecord): Uint8Array {
    const { map, pretty } = this;
    if (this.lines) return encoder.encode(`${writeJsonValue(record.value, 0, 0)}\n`);
    const lead = this.written === 0 ? (map ? '{' : '[') : ',';
    this.written++;
    const value = writeJsonValue(record.value, pretty ? 2 : 0, 1);
    const member = map ? `${JSON.stringify(record.key ?? '')}:${pretty ? ' ' : ''}${value}` : value;
    return encoder.encode(`${lead}\n${pretty ? '  ' : ''}${member}`);
  }

  /** The closing bytes. */
  end(): Uint8Array {
    const map = this.map;
    if (this.lines) return new Uint8Array(0);
    return encoder.encode(this.written === 0 ? (map ? '{}\n' : '[]\n') : map ? '\n}\n' : '\n]\n');
  }
}

/**
 * The JSON of a table written under `plan`, from csv2json's flat JSON Lines of it (`unflatten: false`, so
 * each line is one row by header, its cells already typed exactly). Writes one array of records, or one object
 * keyed by the key column when the plan's records are a map's members. Memory holds one record's rows.
 */
export async function* plannedJson(
  flatLines: AsyncIterable<Uint8Array>,
  plan: FlattenPlan,
  separator: string,
  pretty: boolean,
): AsyncGenerator<Uint8Array> {
  const builder = new PlannedRecordBuilder(plan, separator);
  const writer = new PlannedJsonWriter(plan.records?.shape === 'map', pretty);
  for await (const rows of flatRows(flatLines)) {
    const out: Uint8Array[] = [];
    for (const row of rows) {
      const done = builder.push(row);
      if (done !== null) out.push(writer.write(done));
    }
    yield* out;
  }
  const last = builder.end();
  if (last !== null) yield writer.write(last);
  yield writer.end();
}
