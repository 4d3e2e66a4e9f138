import { type ByteSource, concatBytes, iterateBytes } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import { ConversionError } from '../errors.js';
import { ID_HEADER } from '../flatten/child-tables.js';
import type { CsvToJsonOptions } from '../options.js';
import { checkFlattenPlan, type FlattenPlan } from '../plan/flatten-plan.js';
import { JsonNumber, type JsonObject, type JsonValue } from '../plan/json-value.js';
import { flatRows, PlannedJsonWriter } from '../plan/planned-csv-to-json.js';
import { type FlatRow, PlannedRecordBuilder } from '../plan/planned-records.js';
import { MEMBER_KEY, PARENT_KEY, type TableSpec, tableSpecs, VALUE_KEY, wrappedHeader } from './table-specs.js';
import { PLAN_FILE } from './zip-output.js';

/** Options of reading a relational ZIP back: csv2json's, less those the ZIP decides (plan, header, types). */
export type RelationalReadOptions = Omit<CsvToJsonOptions, 'plan' | 'header' | 'types' | 'unflatten' | 'ndjson'>;

/** A source's first chunk (to recognise a ZIP), and the whole source again. */
export async function peekBytes(
  source: ByteSource,
): Promise<{ first: Uint8Array | undefined; bytes: AsyncIterable<Uint8Array> }> {
  const iterator = iterateBytes(source);
  const head = await iterator.next();
  const first = head.done ? undefined : head.value;
  return {
    first,
    bytes: (async function* () {
      if (first !== undefined) yield first;
      yield* iterator;
    })(),
  };
}

/** The ZIP's first bytes: a local file header. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function invalidZip(message: string): never {
  throw new ConversionError('RELATIONAL_ZIP_INVALID', message);
}

type Members = Map<number, { member: JsonValue; value: JsonValue }[]>;

function idOf(cell: JsonValue | undefined, table: string): number {
  const id = cell instanceof JsonNumber ? Number(cell.text) : Number.NaN;
  if (!Number.isInteger(id)) invalidZip(`A row of ${table} has no whole-number id`);
  return id;
}

/** A map member's key from its cell: text that starts with `"` is the key's JSON text (see `memberKey`). */
function keyOf(member: JsonValue): string {
  if (typeof member !== 'string') invalidZip('A map member has no key');
  return member.startsWith('"') ? (JSON.parse(member) as string) : member;
}

/** The array (positions) or object (keys) a child table's rows for one parent stand for. */
function containerOf(members: readonly { member: JsonValue; value: JsonValue }[]): JsonValue {
  if (members.every(({ member }) => member instanceof JsonNumber)) {
    const array: JsonValue[] = [];
    for (const { member, value } of members) array[Number((member as JsonNumber).text)] = value;
    return Array.from(array, (value) => value ?? null);
  }
  const map: JsonObject = new Map();
  for (const { member, value } of members) map.set(keyOf(member), value);
  return map;
}

/** Puts `value` at `keys` below `root` (the cell of a `table` path left its key in place, holding null). */
function setAt(root: JsonObject, keys: readonly string[], value: JsonValue): void {
  let target: JsonObject = root;
  for (let n = 0; n < keys.length - 1; n++) {
    const next = target.get(keys[n] as string);
    if (!(next instanceof Map)) return;
    target = next;
  }
  target.set(keys[keys.length - 1] as string, value);
}

/** A relational ZIP's file names, a reader of one file, and its checked plan. */
async function openRelationalZip(zip: Uint8Array) {
  if (!isZip(zip)) invalidZip('Not a ZIP file');
  const { unzipSync, strFromU8 } = await import('fflate');
  const names: string[] = [];
  const read = (name: string): Uint8Array | undefined => {
    try {
      return unzipSync(zip, { filter: (file) => file.name === name })[name];
    } catch (error) {
      return invalidZip(`The ZIP cannot be read: ${(error as Error).message}`);
    }
  };
  try {
    // A filter that keeps nothing lists the names without inflating any file.
    unzipSync(zip, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch (error) {
    invalidZip(`The ZIP cannot be read: ${(error as Error).message}`);
  }
  const planBytes = read(PLAN_FILE);
  if (planBytes === undefined) invalidZip(`The ZIP holds no ${PLAN_FILE}: it is not a relational conversion`);
  let planJson: unknown;
  try {
    planJson = JSON.parse(strFromU8(planBytes));
  } catch {
    invalidZip(`${PLAN_FILE} is not JSON`);
  }
  const plan: FlattenPlan = checkFlattenPlan(planJson, { relational: true });
  return { names, read, plan };
}

/** The plan inside a relational ZIP (`plan.json`), checked. */
export async function relationalPlan(zip: Uint8Array): Promise<FlattenPlan> {
  return (await openRelationalZip(zip)).plan;
}

/**
 * Reads a relational ZIP (`jsonToRelational`) back into the JSON it was made from: the plan from `plan.json`,
 * every child table grouped by parent id into the array or object at its path, the main table's records in
 * order. The main table streams; child tables are held in memory (as values) until their parents are read.
 */
export async function* relationalToJson(
  input: ByteSource,
  options: RelationalReadOptions = {},
): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of iterateBytes(input)) chunks.push(chunk);
  const zip = concatBytes(chunks);
  const { names, read, plan } = await openRelationalZip(zip);
  const specs = tableSpecs(plan);
  const separator = options.separator ?? '.';
  const rowsOf = (spec: TableSpec): AsyncGenerator<FlatRow[]> => {
    const tsv = names.includes(`${spec.file}.tsv`);
    const name = `${spec.file}.${tsv ? 'tsv' : 'csv'}`;
    const bytes = read(name);
    if (bytes === undefined) invalidZip(`The ZIP has no ${name}, which its plan needs`);
    return flatRows(
      csvToJson([bytes], {
        ...options,
        delimiter: tsv ? '\t' : options.delimiter,
        onNotice: undefined,
        onProgress: undefined,
        unflatten: false,
        ndjson: true,
      }),
    );
  };
  const members = new Map<TableSpec, Members>();
  const attach = (record: JsonObject, spec: TableSpec, id: number, under: readonly string[]) => {
    for (const child of spec.children) {
      const found = child === null ? undefined : members.get(child)?.get(id);
      if (child !== null && found !== undefined) setAt(record, [...under, ...child.keys], containerOf(found));
    }
  };
  // Children before parents, so that each child row finds its own children already grouped.
  const readChild = async (spec: TableSpec): Promise<void> => {
    for (const child of spec.children) if (child !== null) await readChild(child);
    const byParent: Members = new Map();
    const builder = new PlannedRecordBuilder(spec.plan, separator);
    for await (const rows of rowsOf(spec)) {
      for (const flat of rows) {
        const row: FlatRow = new Map();
        for (const [header, cell] of flat) row.set(wrappedHeader(spec, header, separator), cell);
        const id = idOf(row.get(ID_HEADER), spec.file);
        const parent = idOf(row.get(PARENT_KEY), spec.file);
        const member = row.get(MEMBER_KEY) ?? null;
        row.delete(ID_HEADER);
        row.delete(PARENT_KEY);
        row.delete(MEMBER_KEY);
        builder.push(row);
        const record = builder.end()?.value as JsonObject;
        attach(record, spec, id, [VALUE_KEY]);
        const list = byParent.get(parent);
        const entry = { member, value: record.get(VALUE_KEY) ?? null };
        if (list === undefined) byParent.set(parent, [entry]);
        else list.push(entry);
      }
    }
    members.set(spec, byParent);
  };
  for (const child of specs.children) if (child !== null) await readChild(child);
  const builder = new PlannedRecordBuilder(plan, separator);
  const writer = new PlannedJsonWriter(plan.records?.shape === 'map', options.pretty ?? false);
  let openId: number | null = null;
  const finish = (done: ReturnType<PlannedRecordBuilder['end']>, id: number): Uint8Array | null => {
    if (done === null) return null;
    attach(done.value as JsonObject, specs, id, []);
    return writer.write(done);
  };
  for await (const rows of rowsOf(specs)) {
    const out: Uint8Array[] = [];
    for (const row of rows) {
      const id = idOf(row.get(ID_HEADER), specs.file);
      row.delete(ID_HEADER);
      const done = finish(builder.push(row), openId ?? id);
      if (done !== null) out.push(done);
      if (done !== null || openId === null) openId = id;
    }
    yield* out;
  }
  const last = openId === null ? null : finish(builder.end(), openId);
  if (last !== null) yield last;
  yield writer.end();
}
