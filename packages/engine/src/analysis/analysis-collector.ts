import { decodeHeaderPath } from '../header-path.js';
import { estimateComplexity } from './complexity.js';
import { Evidence } from './evidence.js';
import { FieldStats } from './field-stats.js';
import { deriveIssues } from './quality-issues.js';
import type { RecordVisitor } from './record-visitor.js';
import type { AnalysisReport, JsonType, SemanticType } from './report.js';
import { smartColumnNames } from './smart-column-names.js';
import { hashKey, hashText } from './value-hash.js';

/** Distinct record hashes kept for duplicate detection (about 10 MB); later records are checked against them. */
export const MAX_TRACKED_RECORDS = 250_000;

/**
 * Collects the schema and quality statistics of records fed to it cell by cell, in memory bounded by the
 * number of columns (each column's statistics are bounded) plus MAX_TRACKED_RECORDS record hashes.
 * Feed it with `startRecord`, `leaf`/`container`/`duplicateKey`, `endRecord`; read it with `report()`.
 */
export class AnalysisCollector implements RecordVisitor {
  private readonly stats = new Map<string, FieldStats>();
  private readonly columns: FieldStats[] = [];
  private records = 0;
  private maxDepth = 0;
  private hasArrays = false;
  // A record's hash is the sum of its cells' hashes, so key order does not matter (json2csv rows ignore it).
  private recordHigh = 0;
  private recordLow = 0;
  private readonly seenRecords = new Map<number, number>();
  private readonly duplicates = new Evidence();
  private duplicatesExhaustive = true;

  constructor(private readonly separator = '.') {}

  private field(path: string): FieldStats {
    let stats = this.stats.get(path);
    if (stats === undefined) {
      stats = new FieldStats(path);
      this.stats.set(path, stats);
    }
    return stats;
  }

  /** Starts a record. */
  startRecord(): void {
    this.recordHigh = 0;
    this.recordLow = 0;
  }

  /** One cell: a scalar or an empty container, strings decoded, numbers as written. */
  leaf(path: string, type: JsonType, text: string, underArray: boolean): void {
    const stats = this.field(path);
    if (!stats.isColumn) this.columns.push(stats);
    stats.cell(type, text, underArray, this.records);
    if (type === 'array') {
      this.hasArrays = true;
      stats.emptyArray();
    }
    const hash = hashText(`${path}\u0000${type}\u0000${text}`);
    this.recordHigh = (this.recordHigh + hash.high) >>> 0;
    this.recordLow = (this.recordLow + hash.low) >>> 0;
  }

  /** A non-empty object or array at `path`. */
  container(path: string, type: 'object' | 'array', size: number, underArray: boolean): void {
    if (type === 'array') this.hasArrays = true;
    this.field(path).container(type, size, underArray, this.records);
  }

  /** A key repeated inside one object. */
  duplicateKey(path: string): void {
    this.field(path).duplicateKeys.add(`record ${this.records + 1}`);
  }

  /** Ends a record of nesting depth `depth`. */
  endRecord(depth: number): void {
    this.records++;
    if (depth > this.maxDepth) this.maxDepth = depth;
    const key = hashKey({ high: this.recordHigh, low: this.recordLow });
    const first = this.seenRecords.get(key);
    if (first !== undefined) this.duplicates.add(`record ${this.records} repeats record ${first}`);
    else if (this.seenRecords.size < MAX_TRACKED_RECORDS) this.seenRecords.set(key, this.records);
    else this.duplicatesExhaustive = false;
  }

  /** The report of everything fed so far. */
  report(): AnalysisReport {
    const records = this.records;
    const fields = this.columns.map((stats) => {
      const segments = decodeHeaderPath(stats.path, this.separator);
      const last = [...segments].reverse().find((segment) => typeof segment === 'string') ?? '';
      return stats.report(records, String(last));
    });
    const semantics = new Map<string, SemanticType>();
    for (const field of fields) if (field.semantic !== null) semantics.set(field.path, field.semantic.type);
    const { complexity, reason } = estimateComplexity(this.maxDepth, fields.length, this.hasArrays);
    return {
      records,
      columns: fields.length,
      maxDepth: this.maxDepth,
      complexity,
      complexityReason: reason,
      fields,
      issues: deriveIssues([...this.stats.values()], {
        records,
        columns: fields.length,
        firstColumns: fields.slice(0, 3).map((field) => field.path),
        duplicates: this.duplicates,
      }),
      smartHeaders: smartColumnNames(
        fields.map((field) => field.path),
        { separator: this.separator, semantics },
      ),
      duplicateCheck: { duplicates: this.duplicates.count, exhaustive: this.duplicatesExhaustive },
    };
  }
}
