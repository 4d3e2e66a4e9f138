import type { LeafObserver } from '../flatten/leaf-observer.js';
import { decodeHeaderPath } from '../header-path.js';
import { estimateComplexity } from './complexity.js';
import { DistinctCounter } from './distinct-counter.js';
import { Evidence } from './evidence.js';
import { FieldStats } from './field-stats.js';
import { LeafCounts } from './leaf-counts.js';
import { limitNotes } from './limit-notes.js';
import { PathTrie, type TrackedPath } from './path-trie.js';
import { deriveIssues } from './quality-issues.js';
import { RecordIndex } from './record-index.js';
import type { ConversionAnalysis } from './record-visitor.js';
import { type CellSink, RecordWalker } from './record-walker.js';
import type { AnalysisReport, JsonType, SemanticType, UntrackedPaths } from './report.js';
import { smartColumnNames } from './smart-column-names.js';
import type { Utf8Text } from './utf8-text.js';
import { type Hash53, HashState, hashBytes, hashKey } from './value-hash.js';

/** Distinct record hashes kept for duplicate detection (about 10 MB); later records are checked against them. */
export const MAX_TRACKED_RECORDS = 250_000;
/** Paths (columns and the objects and arrays above them) analysed one by one; later new paths are summarised. */
export const MAX_TRACKED_PATHS = 5000;

/**
 * Fed by json2csv's flattener, every record up to this one has its values checked... (1,000 records judge
 * a column's semantic type and ranges well; each sampled record costs a walk, so the sample is kept small
 * enough for the analysis to cost at most 30% on top of the conversion, bench/analysis-cost.mjs)
 */
export const SAMPLE_HEAD = 1000;
/** ...and after it every this-many-th record (the others are only counted, exactly, by the flattener). */
export const SAMPLE_STRIDE = 500;

const TYPE_SEEDS: Record<JsonType, number> = { string: 1, number: 2, boolean: 3, null: 4, object: 5, array: 6 };

/** Limits of one collector; the defaults suit any input, tests lower them. */
export interface CollectorLimits {
  /** Paths tracked one by one (default MAX_TRACKED_PATHS). */
  maxPaths?: number;
  /** Fed by json2csv's flattener: records whose values are all checked (default SAMPLE_HEAD). */
  sampleHead?: number;
  /** Fed by json2csv's flattener: after the head, every this-many-th record is checked (default SAMPLE_STRIDE). */
  sampleStride?: number;
}

/**
 * Collects the schema and quality statistics of the records fed to it, in one pass and bounded memory:
 * at most `maxPaths` paths with bounded statistics each, plus MAX_TRACKED_RECORDS record hashes. Fed by
 * json2csv (`analysis` option) or `analyzeJson`; read with `report()`.
 */
export class AnalysisCollector implements ConversionAnalysis, CellSink {
  private readonly trie: PathTrie;
  private readonly walker: RecordWalker;
  private readonly columns: FieldStats[] = [];
  private records = 0;
  private maxDepth = 0;
  private hasArrays = false;
  // A record's hash is the sum of its cells' hashes, so key order does not matter (json2csv rows ignore it).
  private readonly recordHash = new HashState();
  private readonly valueHash = new HashState();
  private readonly seenRecords = new RecordIndex();
  private readonly duplicates = new Evidence();
  private duplicatesExhaustive = true;
  private readonly untrackedColumns = new DistinctCounter();
  private untrackedValues = 0;
  /** The converter's exact counts, when json2csv's flattener feeds them (then records are sampled). */
  private leafCounts: LeafCounts | null = null;
  /** Records walked (all of them, unless the converter counts and this samples). */
  private checkedRecords = 0;
  private readonly maxPaths: number;
  private readonly sampleHead: number;
  private readonly sampleStride: number;

  constructor(
    readonly separator = '.',
    limits: CollectorLimits = {},
  ) {
    this.maxPaths = limits.maxPaths ?? MAX_TRACKED_PATHS;
    this.sampleHead = limits.sampleHead ?? SAMPLE_HEAD;
    this.sampleStride = limits.sampleStride ?? SAMPLE_STRIDE;
    this.trie = new PathTrie(separator, this.maxPaths);
    this.walker = new RecordWalker(this.trie, this);
  }

  /**
   * json2csv's flattener will report every leaf of every record to the returned observer (exact counts);
   * from then on `record` gets only the records `wantsRecord` asks for, whose values it checks.
   */
  observeLeaves(): LeafObserver {
    this.leafCounts ??= new LeafCounts(this.maxPaths);
    return this.leafCounts;
  }

  /** Whether the record the flattener has just counted should be walked: every one up to the head, then every stride-th. */
  wantsRecord(): boolean {
    const n = this.leafCounts === null ? this.records + 1 : this.leafCounts.records;
    return n <= this.sampleHead || n % this.sampleStride === 0;
  }

  /** One record (validated), its first byte at `buf[i]`; returns the index after it. */
  record(buf: Uint8Array, i: number, end: number): number {
    // Sampled, a record's number is the flattener's count (it has just counted this one).
    if (this.leafCounts !== null) this.records = this.leafCounts.records - 1;
    this.startRecord();
    const after = this.walker.walk(buf, i, end);
    this.endRecord(this.walker.depth);
    return after;
  }

  /** One data row of an array of arrays: each cell's [start, stop) in `buf`, named by the header row. */
  row(buf: Uint8Array, end: number, cells: readonly (readonly [number, number])[], names: readonly string[]): void {
    this.startRecord();
    this.walker.row(buf, end, cells, names);
    this.endRecord(1);
  }

  private startRecord(): void {
    this.recordHash.high = 0;
    this.recordHash.low = 0;
  }

  private endRecord(depth: number): void {
    this.records++;
    this.checkedRecords++;
    if (depth > this.maxDepth) this.maxDepth = depth;
    const first = this.seenRecords.get(this.recordHash);
    if (first !== 0) {
      if (this.duplicates.wantsExample()) this.duplicates.add(`record ${this.records} repeats record ${first}`);
      else this.duplicates.addUnshown();
    } else if (this.seenRecords.size < MAX_TRACKED_RECORDS) this.seenRecords.set(this.recordHash, this.records);
    else this.duplicatesExhaustive = false;
  }

  /**
   * Hashes a cell seeded by its path and type: one hash serves the column's distinct count (the path is the
   * same for all its values) and the record's hash (which must tell `{"a":1,"b":2}` from `{"a":2,"b":1}`).
   */
  private hashCell(pathHash: Hash53, type: JsonType, value: Utf8Text): HashState {
    const seed = (pathHash.high + Math.imul(TYPE_SEEDS[type], 0x9e3779b1)) | 0;
    hashBytes(value.bytes, value.start, value.end, seed, this.valueHash);
    this.recordHash.high = (this.recordHash.high + this.valueHash.high) >>> 0;
    this.recordHash.low = (this.recordHash.low + this.valueHash.low) >>> 0;
    return this.valueHash;
  }

  cell(path: TrackedPath, type: JsonType, value: Utf8Text, underArray: boolean): void {
    const stats = path.stats;
    if (!stats.isColumn) this.columns.push(stats);
    if (type === 'array') {
      this.hasArrays = true;
      stats.emptyArray();
    }
    stats.cell(type, value, this.hashCell(path.hash, type, value), underArray, this.records);
  }

  container(path: TrackedPath, type: 'object' | 'array', size: number, underArray: boolean): void {
    if (type === 'array') this.hasArrays = true;
    path.stats.container(type, size, underArray, this.records);
  }

  duplicateKey(path: TrackedPath): void {
    const evidence = path.stats.duplicateKeys;
    if (evidence.wantsExample()) evidence.add(`record ${this.records + 1}`);
    else evidence.addUnshown();
  }

  untracked(pathHash: Hash53, type: JsonType, value: Utf8Text | null): void {
    if (type === 'array') this.hasArrays = true;
    if (value === null) return;
    this.untrackedValues++;
    this.untrackedColumns.add(hashKey(pathHash));
    this.hashCell(pathHash, type, value);
  }

  private untrackedPaths(): UntrackedPaths {
    const { estimate, exact } = this.untrackedColumns.count();
    // An estimate never claims more columns than there were values to fill them.
    const columns = { estimate: Math.min(estimate, this.untrackedValues), exact };
    return { pathsTracked: this.trie.paths.length, columns, values: this.untrackedValues };
  }

  /**
   * The paths, in first-seen order, with their exact counts from the converter and their value checks from
   * the sample; `columns` are those that are columns, in the CSV's order.
   */
  private mergedPaths(counts: LeafCounts): {
    paths: FieldStats[];
    columns: FieldStats[];
    untracked: UntrackedPaths | null;
  } {
    const sampled = new Map(this.trie.paths.map((path) => [path.header, path.stats]));
    const sampling = this.checkedRecords < counts.records;
    const paths: FieldStats[] = [];
    for (let slot = 0; slot < counts.nodes.length; slot++) {
      const path = counts.path(slot);
      paths.push(FieldStats.merged(path, sampled.get(path.header), sampling));
    }
    const later = counts.untracked();
    const untracked =
      later === null
        ? null
        : { pathsTracked: this.maxPaths, columns: { estimate: later.columns, exact: true }, values: later.values };
    const order = new Map(counts.nodes.map((node) => [node.header ?? '', node.col]));
    const columnsInOrder = paths
      .filter((stats) => stats.isColumn)
      .sort((a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0));
    return { paths, columns: columnsInOrder, untracked };
  }

  /** The report of everything fed so far. */
  report(): AnalysisReport {
    const counts = this.leafCounts;
    const merged = counts === null ? null : this.mergedPaths(counts);
    const records = counts === null ? this.records : counts.records;
    const maxDepth = counts === null ? this.maxDepth : counts.maxDepth;
    const hasArrays = counts === null ? this.hasArrays : counts.hasArrays;
    const columnStats = merged === null ? this.columns : merged.columns;
    const pathStats = merged === null ? this.trie.paths.map((path) => path.stats) : merged.paths;
    const fields = columnStats.map((stats) => {
      const segments = decodeHeaderPath(stats.path, this.separator);
      const last = [...segments].reverse().find((segment) => typeof segment === 'string') ?? '';
      return stats.report(records, String(last));
    });
    const untracked = merged === null ? (this.trie.full ? this.untrackedPaths() : null) : merged.untracked;
    const columns = fields.length + (untracked?.columns.estimate ?? 0);
    const semantics = new Map<string, SemanticType>();
    for (const field of fields) if (field.semantic !== null) semantics.set(field.path, field.semantic.type);
    const { complexity, reason } = estimateComplexity(maxDepth, columns, hasArrays);
    const duplicatesExhaustive = this.duplicatesExhaustive && this.checkedRecords === records;
    return {
      records,
      columns,
      maxDepth,
      complexity,
      complexityReason: reason,
      fields,
      issues: deriveIssues(pathStats, {
        records,
        columns,
        columnsExact: untracked?.columns.exact ?? true,
        firstColumns: fields.slice(0, 3).map((field) => field.path),
        duplicates: this.duplicates,
        separator: this.separator,
      }),
      smartHeaders: smartColumnNames(
        fields.map((field) => field.path),
        { separator: this.separator, semantics },
      ),
      duplicateCheck: { duplicates: this.duplicates.count, exhaustive: duplicatesExhaustive },
      untracked,
      limits: limitNotes({
        sample:
          this.checkedRecords === records
            ? null
            : { checked: this.checkedRecords, head: this.sampleHead, stride: this.sampleStride },
        columns: columnStats.map((stats) => ({
          path: stats.path,
          // Whether the HyperLogLog took over (a sampled count is not exact either, as the sample's sentence says).
          distinctExact: stats.distinct.count().exact,
          semanticUnchecked: stats.semantic.unchecked,
        })),
        untracked,
        duplicatesCheckedAgainst: this.duplicatesExhaustive ? null : MAX_TRACKED_RECORDS,
      }),
    };
  }
}
