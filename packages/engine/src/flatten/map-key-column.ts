/** The name of a map's keys column when nothing in the records takes it. */
export const MAP_KEY_COLUMN = 'key';

/**
 * The column of a map's keys when the records are a map's members: `key`, or `key_2`, `key_3`, ... when a
 * record has a top-level field of that name (`taken`), so the map's keys never share a column with data.
 */
export function mapKeyColumn(taken: (name: string) => boolean): string {
  let name = MAP_KEY_COLUMN;
  for (let n = 2; taken(name); n++) name = `${MAP_KEY_COLUMN}_${n}`;
  return name;
}

/** The bytes `writtenMapKeyColumn` reads: enough for a BOM, `key_` and a long number, and what follows. */
export const WRITTEN_HEADER_BYTES = 64;

/** A header row's first cell when it is a name `mapKeyColumn` gives, followed by a delimiter or line end. */
const WRITTEN_KEY_COLUMN = /^\uFEFF?(key(?:_[1-9][0-9]*)?)[,;\t|\r\n]/;

/**
 * The map-key column a CSV made by json2csv holds, from its first bytes: json2csv writes that column first,
 * named by `mapKeyColumn`; `key` when the first cell is another name.
 */
export function writtenMapKeyColumn(first: Uint8Array | undefined): string {
  if (first === undefined) return MAP_KEY_COLUMN;
  const head = new TextDecoder().decode(first.subarray(0, WRITTEN_HEADER_BYTES));
  return WRITTEN_KEY_COLUMN.exec(head)?.[1] ?? MAP_KEY_COLUMN;
}
