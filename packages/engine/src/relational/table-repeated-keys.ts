import type { RepeatedKeys } from '../flatten/repeated-keys.js';

/**
 * The records of a relational conversion that held a key twice in one object, in any of its tables: a child
 * table's row counts for the input record it came from. How many (a bit per record, so a file whose every record
 * holds one costs a bit each), and the first of them, with the table and column of its key.
 */
export class TableRepeatedKeys<Table> {
  private held = new Uint8Array(64);
  private records = 0;
  private first: { record: number; table: Table; col: number } | null = null;

  /** Record number `record` (from 1) held a key twice, in `table`'s column `col`. */
  note(record: number, table: Table, col: number): void {
    const at = record >>> 3;
    const bit = 1 << (record & 7);
    if (at >= this.held.length) {
      const grown = new Uint8Array(Math.max(this.held.length * 2, at + 1));
      grown.set(this.held);
      this.held = grown;
    }
    if (((this.held[at] as number) & bit) === 0) {
      this.held[at] = (this.held[at] as number) | bit;
      this.records++;
    }
    // The main table's rows are read before their children's: its key stays the first for its record.
    if (this.first === null || record < this.first.record) this.first = { record, table, col };
  }

  /** What the notice says, with the key named by `keyOf` (its table and column); null when no record held one. */
  report(keyOf: (table: Table, col: number) => string): RepeatedKeys | null {
    const first = this.first;
    return first === null ? null : { records: this.records, record: first.record, key: keyOf(first.table, first.col) };
  }
}
