/**
 * Where a record's values at a plan's `table` paths go (relational output). The flattener hands over each
 * value during the record; the record's end commits them under the record's id, or drops them when the
 * record is read again with more bytes, so a value is never written twice.
 */
export interface ChildTables {
  /**
   * A value at the `table` path with rank `table` (`PlanNode.table`), as minified JSON; kept until the record
   * ends. Returns the text of the path's own cell: the child table's name, which keeps the key's place.
   */
  divert(table: number, json: Uint8Array): Uint8Array;
  /**
   * The record `row[start, end)` was read whole: its values go to their tables with `id` as their parent key
   * (and the record's natural key beside it: `memberKey`, its key when the records are a map's members, else
   * one of its fields).
   */
  commit(id: number, row: Uint8Array, start: number, end: number, memberKey: string | null): void;
  /** The record will be read again: forget its values. */
  abort(): void;
}

/** The header of the column that holds each row's generated id: no key is written so (see `POSITION_SEGMENT`). */
export const ID_HEADER = '\\#id';
