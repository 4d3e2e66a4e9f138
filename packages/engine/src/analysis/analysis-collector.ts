import { decodeHeaderPath } from '../header-path.js';
import { estimateComplexity } from './complexity.js';
import { DistinctCounter } from './distinct-counter.js';
import { Evidence } from './evidence.js';
import type { FieldStats } from './field-stats.js';
import { limitNotes } from './limit-notes.js';
import { PathTrie, type TrackedPath } from './path-trie.js';
import { deriveIssues } from './quality-issues.js';
import { RecordIndex } from './record-index.js';
import type { RecordVisitor } from './record-visitor.js';
import { type CellSink, RecordWalker } from './record-walker.js';
import type { AnalysisReport, JsonType, SemanticType, UntrackedPaths } from './report.js';
import { smartColumnNames } from './smart-column-names.js';
import type { Utf8Text } from './utf8-text.js';
import { type Hash53, HashState, hashBytes, hashKey } from './value-hash.js';

/** Distinct record hashes kept for duplicate detection (about 10 MB); later records are checked against them. */
export const MAX_TRACKED_RECORDS = 250_000;
/** Paths (columns and the objects and arrays above them) analysed one by one; later new paths are summarised. */
export const MAX_TRACKED_PATHS = 5000;

const TYPE_SEEDS: Record<JsonType, number> = { string: 1, number: 2, boolean: 3, null: 4, object: 5, array: 6 };

/** Limits of one collector; the defaults suit any input, tests lower them. */
export interface CollectorLimits {
  /** Paths tracked one by one (default MAX_TRACKED_PATHS). */
  maxPaths?: number;
}

/**
 * Collects the schema and quality statistics of the records fed to it, in one pass and bounded memory:
 * at most `maxPaths` paths with bounded statistics each, plus MAX_TRACKED_RECORDS record hashes. Fed by
 * json2csv (`analysis` option) or `analyzeJson`; read with `report()`.
 */
export class AnalysisCollector implements RecordVisitor, CellSink {
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

  constructor(
    readonly separator = '.',
    limits: CollectorLimits = {},
  ) {
    this.trie = new PathTrie(separator, limits.maxPaths ?? MAX_TRACKED_PATHS);
    this.walker = new RecordWalker(this.trie, this);
  }

  /** One record (validated), its first byte at `buf[i]`; returns the index after it. */
  record(buf: Uint8Array, i: number, end: number): number {
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

  /** The report of everything fed so far. */
  report(): AnalysisReport {
    const records = this.records;
    const fields = this.columns.map((stats) => {
      const segments = decodeHeaderPath(stats.path, this.separator);
      const last = [...segments].reverse().find((segment) => typeof segment === 'string') ?? '';
      return stats.report(records, String(last));
    });
    const untracked = this.trie.full ? this.untrackedPaths() : null;
    const columns = fields.length + (untracked?.columns.estimate ?? 0);
    const semantics = new Map<string, SemanticType>();
    for (const field of fields) if (field.semantic !== null) semantics.set(field.path, field.semantic.type);
    const { complexity, reason } = estimateComplexity(this.maxDepth, columns, this.hasArrays);
    return {
      records,
      columns,
      maxDepth: this.maxDepth,
      complexity,
      complexityReason: reason,
      fields,
      issues: deriveIssues(
        this.trie.paths.map((path) => path.stats),
        {
          records,
          columns,
          columnsExact: untracked?.columns.exact ?? true,
          firstColumns: fields.slice(0, 3).map((field) => field.path),
          duplicates: this.duplicates,
        },
      ),
      smartHeaders: smartColumnNames(
        fields.map((field) => field.path),
        { separator: this.separator, semantics },
      ),
      duplicateCheck: { duplicates: this.duplicates.count, exhaustive: this.duplicatesExhaustive },
      untracked,
      limits: limitNotes({
        columns: this.columns.map((stats, k) => ({
          path: stats.path,
          distinctExact: fields[k]?.distinct.exact ?? true,
          semanticUnchecked: stats.semantic.unchecked,
        })),
        untracked,
        duplicatesCheckedAgainst: this.duplicatesExhaustive ? null : MAX_TRACKED_RECORDS,
      }),
    };
  }
}
