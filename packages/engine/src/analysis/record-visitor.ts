import type { LeafObserver } from '../flatten/leaf-observer.js';

/**
 * What json2csv feeds its `analysis` option: each record it has read and validated, from the same bytes.
 * `AnalysisCollector` is the implementation; this interface keeps `options.ts` free of the analysis code.
 */
export interface RecordVisitor {
  /** The separator its paths join keys with: json2csv checks that it is the conversion's. */
  readonly separator: string;
  /**
   * One validated record of any form but an array of arrays, its first byte at `buf[i]` (`end`: end of the
   * data in `buf`); returns the index after the record.
   */
  record(buf: Uint8Array, i: number, end: number): number;
  /** One data row of an array of arrays: each element's [start, stop) in `buf`, named by the header row. */
  row(buf: Uint8Array, end: number, cells: readonly (readonly [number, number])[], names: readonly string[]): void;
  /** The map key of the record that comes next, when the records are a map's members. */
  recordKey?(key: string): void;
}

/** What json2csv's `analysis` option takes: a record visitor that its flattener may also feed leaf by leaf. */
export interface ConversionAnalysis extends RecordVisitor {
  /**
   * Called by json2csv when its flattener can report every leaf of every record (records that are not rows,
   * `index` arrays): the observer counts them as they are converted, and from then on `record` gets only the
   * records `wantsRecord` asks for.
   */
  observeLeaves(): LeafObserver;
  /** After `observeLeaves`, whether the record the flattener has just read should also go to `record`. */
  wantsRecord(): boolean;
}
