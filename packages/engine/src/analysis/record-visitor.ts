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
}
