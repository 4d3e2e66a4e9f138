import type { FlattenPlan } from './flatten-plan.js';
import { type JsonObject, parseJsonValue, writeJsonValue } from './json-value.js';
import { type FlatRow, type PlannedRecord, PlannedRecordBuilder } from './planned-records.js';

const encoder = new TextEncoder();

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
  const map = plan.records?.shape === 'map';
  const indent = pretty ? 2 : 0;
  const decoder = new TextDecoder();
  let pending = '';
  let written = 0;
  const write = (record: PlannedRecord): Uint8Array => {
    const lead = written === 0 ? (map ? '{' : '[') : ',';
    written++;
    const value = writeJsonValue(record.value, indent, 1);
    const member = map ? `${JSON.stringify(record.key ?? '')}:${pretty ? ' ' : ''}${value}` : value;
    return encoder.encode(`${lead}\n${pretty ? '  ' : ''}${member}`);
  };
  const rowOf = (line: string): FlatRow => parseJsonValue(line) as JsonObject;
  for await (const chunk of flatLines) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    const out: Uint8Array[] = [];
    for (const line of lines) {
      if (line === '') continue;
      const done = builder.push(rowOf(line));
      if (done !== null) out.push(write(done));
    }
    yield* out;
  }
  pending += decoder.decode();
  if (pending.trim() !== '') {
    const done = builder.push(rowOf(pending));
    if (done !== null) yield write(done);
  }
  const last = builder.end();
  if (last !== null) yield write(last);
  yield encoder.encode(written === 0 ? (map ? '{}\n' : '[]\n') : map ? '\n}\n' : '\n]\n');
}
