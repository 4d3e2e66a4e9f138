import { type ByteSource, concatBytes, iterateBytes } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import { ConversionError } from '../errors.js';
import { ID_HEADER } from '../flatten/child-tables.js';
import { checkFlattenPlan, type FlattenPlan } from '../flatten/flatten-plan.js';
import type { CsvToJsonOptions } from '../options.js';
import { JsonNumber, type JsonObject, type JsonValue } from '../plan/json-value.js';
import { flatRows, PlannedJsonWriter } from '../plan/planned-csv-to-json.js';
import { type FlatRow, type PlannedRecord, PlannedRecordBuilder } from '../plan/planned-records.js';
import { internalHeader } from './table-headers.js';
import { MEMBER_KEY, PARENT_KEY, PARENT_NATURAL_KEY, type TableSpec, tableSpecs, VALUE_KEY } from './table-specs.js';
import { entryBytes, InflationBudget, type InflationLimits, sizeText, zipEntries } from './zip-entries.js';
import { PLAN_FILE, WRITTEN_FILE } from './zip-output.js';

/** Options of reading a relational ZIP back: csv2json's, less those the ZIP decides (plan, header, types). */
export type RelationalReadOptions = Omit<CsvToJsonOptions, 'plan' | 'header' | 'types' | 'typing' | 'unflatten'> &
  InflationLimits & {
    /**
     * The largest ZIP read (its central directory is at its end, so the ZIP is held whole in memory): a bigger
     * one fails with RELATIONAL_ZIP_TOO_LARGE as soon as it passes the limit. Default: no limit.
     */
    maxZipBytes?: number;
  };

/** A source's first `minBytes` or more (its first chunk at least; to recognise a ZIP), and the whole source again. */
export async function peekBytes(
  source: ByteSource,
  minBytes = 1,
): Promise<{ first: Uint8Array | undefined; bytes: AsyncIterable<Uint8Array> }> {
  const iterator = iterateBytes(source);
  // Chunks may be as small as one byte: read on until `minBytes` are in hand or the input ends.
  const head: Uint8Array[] = [];
  let length = 0;
  while (length < minBytes) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    length += next.value.length;
  }
  return {
    first: head.length === 0 ? undefined : concatBytes(head),
    bytes: (async function* () {
      yield* head;
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

/** One JSON entry of the ZIP, its inflation counted in `budget`. */
async function entryJson(
  zip: Uint8Array,
  entry: ReturnType<typeof zipEntries>[number],
  budget: InflationBudget,
): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of entryBytes(zip, entry, budget)) chunks.push(chunk);
  try {
    return JSON.parse(new TextDecoder().decode(concatBytes(chunks)));
  } catch {
    invalidZip(`${entry.name} is not JSON`);
  }
}

/**
 * A relational ZIP's entries, its checked plan, and whether its tables were written with the formula guard
 * (`written.json`; a ZIP without one was written without it); the bytes it reads are counted in `budget`.
 */
async function openRelationalZip(zip: Uint8Array, budget: InflationBudget) {
  if (!isZip(zip)) invalidZip('Not a ZIP file');
  const entries = zipEntries(zip);
  const planEntry = entries.find((entry) => entry.name === PLAN_FILE);
  if (planEntry === undefined) invalidZip(`The ZIP holds no ${PLAN_FILE}: it is not a relational conversion`);
  budget.admit(entries);
  const plan: FlattenPlan = checkFlattenPlan(await entryJson(zip, planEntry, budget), { relational: true });
  const writtenEntry = entries.find((entry) => entry.name === WRITTEN_FILE);
  const written = writtenEntry === undefined ? {} : await entryJson(zip, writtenEntry, budget);
  const record = typeof written === 'object' && written !== null ? (written as Record<string, unknown>) : {};
  const excelSafe = record.excelSafe === true;
  return { entries, plan, excelSafe, columns: headerMappings(record.columns) };
}

/** `written.json`'s headers per table file (absent from ZIPs of earlier versions, whose headers are escaped). */
function headerMappings(columns: unknown): ReadonlyMap<string, Record<string, string>> | null {
  if (columns === undefined) return null;
  const valid =
    typeof columns === 'object' &&
    columns !== null &&
    Object.values(columns).every(
      (mapping) =>
        typeof mapping === 'object' &&
        mapping !== null &&
        Object.values(mapping).every((header) => typeof header === 'string'),
    );
  if (!valid) invalidZip(`${WRITTEN_FILE} has columns that are not a header mapping per table`);
  return new Map(Object.entries(columns as Record<string, Record<string, string>>));
}

/** How a table's written headers read back (see `internalHeader`). */
type HeaderReader = (header: string) => string;

function headerReaderOf(
  spec: TableSpec,
  columns: ReadonlyMap<string, Record<string, string>> | null,
  separator: string,
): HeaderReader {
  // A ZIP with mappings maps every table; a table it does not name has headers as the flattener wrote them.
  return internalHeader(spec, columns === null ? undefined : (columns.get(spec.file) ?? {}), separator);
}

/** The written header whose flattener header is `internal` among a row's headers (first row of a table). */
function writtenHeader(row: FlatRow, read: HeaderReader, internal: string): string {
  for (const header of row.keys()) if (read(header) === internal) return header;
  return internal;
}

/** The plan inside a relational ZIP (`plan.json`), checked; its inflation is held to `limits`. */
export async function relationalPlan(zip: Uint8Array, limits: InflationLimits = {}): Promise<FlattenPlan> {
  return (await openRelationalZip(zip, new InflationBudget(zip.length, limits))).plan;
}

/** How a relational ZIP's tables were written: its checked plan, and whether they have the formula guard. */
export async function relationalWriting(
  zip: Uint8Array,
  limits: InflationLimits = {},
): Promise<{ plan: FlattenPlan; excelSafe: boolean }> {
  const { plan, excelSafe } = await openRelationalZip(zip, new InflationBudget(zip.length, limits));
  return { plan, excelSafe };
}

/** A child table's next row: its ids, its position or key, and the row (its id columns are not data). */
interface ChildRow {
  id: number;
  parent: number;
  member: JsonValue;
  row: FlatRow;
}

/**
 * Reads one child table in step with its parent table: the writer appends a child table's rows in the order
 * of their parents, so the rows of parent `p` are the next ones, and memory holds one parent's rows only.
 */
class ChildCursor {
  private rows: FlatRow[] = [];
  private next = 0;
  private head: ChildRow | null | undefined;
  private readonly builder: PlannedRecordBuilder;
  /** The headers of the id, the parent id and the position or key, as the table names them (found in the first row). */
  private idHeader = ID_HEADER;
  private parentHeader = PARENT_KEY;
  private memberHeader = MEMBER_KEY;
  private headersFound = false;

  constructor(
    readonly spec: TableSpec,
    private readonly source: AsyncIterator<FlatRow[]>,
    readonly children: (ChildCursor | null)[],
    private readonly read: HeaderReader,
    separator: string,
  ) {
    // Each header is read under its wrapped row's name (`V.sku`), computed once per header by the builder;
    // the links and the parent's natural key (a copy of a parent cell) are no part of the value.
    const links = new Set([ID_HEADER, PARENT_KEY, MEMBER_KEY, PARENT_NATURAL_KEY]);
    this.builder = new PlannedRecordBuilder(spec.plan, separator, (header) => {
      const wrapped = read(header);
      return links.has(wrapped) ? null : wrapped;
    });
  }

  private async nextRow(): Promise<ChildRow | null> {
    while (this.next >= this.rows.length) {
      const more = await this.source.next();
      if (more.done) return null;
      this.rows = more.value;
      this.next = 0;
    }
    const row = this.rows[this.next++] as FlatRow;
    if (!this.headersFound) {
      this.headersFound = true;
      this.idHeader = writtenHeader(row, this.read, ID_HEADER);
      this.parentHeader = writtenHeader(row, this.read, PARENT_KEY);
      this.memberHeader = writtenHeader(row, this.read, MEMBER_KEY);
    }
    return {
      id: idOf(row.get(this.idHeader), this.spec.file),
      parent: idOf(row.get(this.parentHeader), this.spec.file),
      member: row.get(this.memberHeader) ?? null,
      row,
    };
  }

  /** The array or object of the rows whose parent is `parent`; undefined when it has none. */
  async valueOf(parent: number): Promise<JsonValue | undefined> {
    const found: { member: JsonValue; value: JsonValue }[] = [];
    for (;;) {
      if (this.head === undefined) this.head = await this.nextRow();
      const head = this.head;
      if (head === null || head.parent > parent) break;
      if (head.parent < parent) {
        invalidZip(
          `Row ${head.id} of ${this.spec.file} belongs to row ${head.parent}, which is not before it in its parent table`,
        );
      }
      this.head = undefined;
      this.builder.push(head.row);
      const record = this.builder.end()?.value as JsonObject;
      await attach(record, this.children, head.id, [VALUE_KEY]);
      found.push({ member: head.member, value: record.get(VALUE_KEY) ?? null });
    }
    return found.length === 0 ? undefined : containerOf(found);
  }

  /** Fails if rows remain that no parent row took. */
  async finish(): Promise<void> {
    if (this.head === undefined) this.head = await this.nextRow();
    if (this.head !== null)
      invalidZip(`Row ${this.head.id} of ${this.spec.file} has no parent row ${this.head.parent}`);
    for (const child of this.children) await child?.finish();
  }
}

/** Puts each child table's rows for the parent row `id` at their path below `under` in `record`. */
async function attach(
  record: JsonObject,
  children: readonly (ChildCursor | null)[],
  id: number,
  under: readonly string[],
): Promise<void> {
  for (const child of children) {
    const value = child === null ? undefined : await child.valueOf(id);
    if (child !== null && value !== undefined) setAt(record, [...under, ...child.spec.keys], value);
  }
}

/**
 * Reads a relational ZIP (`jsonToRelational`) back into the JSON it was made from: the plan from `plan.json`,
 * the formula guard undone when `written.json` says the tables have it (`excelSafe` overrides),
 * every child table's rows gathered by parent id into the array or object at its path, the records in order.
 * Every table streams side by side (a child table's rows come in the order of their parents), so memory holds
 * the ZIP's compressed bytes and one record with its child rows.
 */
export async function* relationalToJson(
  input: ByteSource,
  options: RelationalReadOptions = {},
): AsyncGenerator<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const {
    maxZipBytes = Number.POSITIVE_INFINITY,
    maxInflatedBytes,
    maxInflateRatio,
    ratioFloorBytes,
    ndjson = false,
    ...readOptions
  } = options;
  let bytes = 0;
  for await (const chunk of iterateBytes(input)) {
    bytes += chunk.length;
    if (bytes > maxZipBytes) {
      throw new ConversionError(
        'RELATIONAL_ZIP_TOO_LARGE',
        `A ZIP of tables is read back in memory, up to ${sizeText(maxZipBytes)}; this one is larger`,
      );
    }
    chunks.push(chunk);
  }
  const zip = concatBytes(chunks);
  // Every entry read counts against one budget: tables that share their compressed bytes count each time.
  const budget = new InflationBudget(zip.length, { maxInflatedBytes, maxInflateRatio, ratioFloorBytes });
  const { entries, plan, excelSafe, columns } = await openRelationalZip(zip, budget);
  const map = plan.records?.shape === 'map';
  if (ndjson && map) {
    throw new ConversionError(
      'INVALID_OPTION',
      "This ZIP's records are the members of one object (its plan's records are a map): they read back as that object, not as JSON Lines",
    );
  }
  const specs = tableSpecs(plan);
  const separator = options.separator ?? '.';
  const rowsOf = (spec: TableSpec): AsyncGenerator<FlatRow[]> => {
    const entry =
      entries.find((candidate) => candidate.name === `${spec.file}.csv`) ??
      entries.find((candidate) => candidate.name === `${spec.file}.tsv`);
    if (entry === undefined) invalidZip(`The ZIP has no ${spec.file}.csv, which its plan needs`);
    return flatRows(
      csvToJson(entryBytes(zip, entry, budget), {
        ...readOptions,
        // The guard is undone as the ZIP says it was written, unless the caller says otherwise.
        excelSafe: options.excelSafe ?? excelSafe,
        delimiter: entry.name.endsWith('.tsv') ? '\t' : options.delimiter,
        onNotice: undefined,
        onProgress: undefined,
        unflatten: false,
        ndjson: true,
        // Its own CSV: quoting carries the types.
        typing: 'per-cell',
      }),
    );
  };
  const cursorsOf = (spec: TableSpec): (ChildCursor | null)[] =>
    spec.children.map((child) =>
      child === null
        ? null
        : new ChildCursor(child, rowsOf(child), cursorsOf(child), headerReaderOf(child, columns, separator), separator),
    );
  const children = cursorsOf(specs);
  const read = headerReaderOf(specs, columns, separator);
  const builder = new PlannedRecordBuilder(plan, separator, (header) => {
    const internal = read(header);
    return internal === ID_HEADER ? null : internal;
  });
  let idHeader: string | null = null;
  const writer = new PlannedJsonWriter(map, options.pretty ?? false, ndjson);
  let openId: number | null = null;
  const finish = async (done: PlannedRecord | null, id: number): Promise<Uint8Array | null> => {
    if (done === null) return null;
    await attach(done.value as JsonObject, children, id, []);
    return writer.write(done);
  };
  for await (const rows of rowsOf(specs)) {
    const out: Uint8Array[] = [];
    for (const row of rows) {
      idHeader ??= writtenHeader(row, read, ID_HEADER);
      const id = idOf(row.get(idHeader), specs.file);
      const done = await finish(builder.push(row), openId ?? id);
      if (done !== null) out.push(done);
      if (done !== null || openId === null) openId = id;
    }
    yield* out;
  }
  const last = openId === null ? null : await finish(builder.end(), openId);
  if (last !== null) yield last;
  for (const child of children) await child?.finish();
  yield writer.end();
}
