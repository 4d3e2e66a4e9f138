import { MEMBER_KEY_FIELD } from './natural-key.js';
import { ID_COLUMN, INDEX_COLUMN, PARENT_COLUMN } from './table-headers.js';

/** The Frictionless Data Package inside a relational ZIP, describing its tables. */
export const DATA_PACKAGE_FILE = 'datapackage.json';
/** The SQL that creates the ZIP's tables (SQLite, PostgreSQL, DuckDB), with how to load the files into them. */
export const SCHEMA_FILE = 'schema.sql';

/** One written table, as the package and the SQL describe it. */
export interface DescribedTable {
  /** Its name in SQL and in the package: lower case letters, digits and `_` (`main`, `items_parts`). */
  name: string;
  /** Its file in the ZIP (`tables/items.parts.csv`). */
  file: string;
  /** Its header row as written. */
  headers: readonly string[];
  /** Its parent table's name; null for the main table. */
  parent: string | null;
  /** Whether `_index` holds a map member's key (text) rather than an element's position. */
  keyed: boolean;
  /** The column holding the parent row's natural key (`_parent_key`), and the parent's field it copies. */
  parentKey: { column: number; field: string } | null;
}

/** A name per table for SQL and the package (`tables/items.parts` → `items_parts`), each unique. */
export function tableNames(files: readonly string[]): string[] {
  const used = new Set<string>();
  return files.map((file) => {
    const base =
      file
        .replace(/^tables\//, '')
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '_') || 'table';
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  });
}

type FieldType = 'integer' | 'string' | 'any';

/** A column's type: the link columns are whole numbers (a key `_index` text); a data cell may hold any value. */
function fieldType(table: DescribedTable, column: number): FieldType {
  const link = table.parent === null ? 1 : 3;
  if (column >= link) return 'any';
  return column === 2 && table.keyed ? 'string' : 'integer';
}

/** What the `_parent_key` column holds, for people reading the package. */
function parentKeyDescription(table: DescribedTable): string {
  const field = table.parentKey?.field;
  const what =
    field !== MEMBER_KEY_FIELD
      ? field
      : table.parent === 'main'
        ? "key in the records' map (main's key column)"
        : `${INDEX_COLUMN} (its key in its map)`;
  return `The parent row's ${what} in ${table.parent}, where it has one: its natural key beside ${PARENT_COLUMN}`;
}

/** `datapackage.json`: a resource per table with its fields, types, primary key and foreign key. */
export function dataPackage(tables: readonly DescribedTable[], delimiter: string, bom: boolean): string {
  const resources = tables.map((table) => ({
    name: table.name,
    path: table.file,
    profile: 'tabular-data-resource',
    format: delimiter === '\t' ? 'tsv' : 'csv',
    mediatype: delimiter === '\t' ? 'text/tab-separated-values' : 'text/csv',
    encoding: bom ? 'utf-8-sig' : 'utf-8',
    dialect: { delimiter, header: true },
    schema: {
      fields: table.headers.map((name, n) => ({
        name,
        type: fieldType(table, n),
        ...(table.parentKey?.column === n ? { description: parentKeyDescription(table) } : {}),
      })),
      primaryKey: [ID_COLUMN],
      ...(table.parent === null
        ? {}
        : { foreignKeys: [{ fields: [PARENT_COLUMN], reference: { resource: table.parent, fields: [ID_COLUMN] } }] }),
    },
  }));
  return `${JSON.stringify({ profile: 'tabular-data-package', name: 'unnest-tables', resources }, null, 2)}\n`;
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const SQL_TYPES: Record<FieldType, string> = { integer: 'BIGINT', string: 'TEXT', any: 'TEXT' };

/** The column definitions of one table: its links typed and keyed, its data as text. */
function columnsSql(table: DescribedTable): string[] {
  return table.headers.map((header, n) => {
    const type = SQL_TYPES[fieldType(table, n)];
    if (table.headers[n] === ID_COLUMN && n === 0) return `  ${identifier(header)} ${type} NOT NULL PRIMARY KEY`;
    if (table.parent !== null && n === 1) {
      return `  ${identifier(header)} ${type} NOT NULL REFERENCES ${identifier(table.parent)} (${identifier(ID_COLUMN)})`;
    }
    if (table.parent !== null && n === 2 && header === INDEX_COLUMN) return `  ${identifier(header)} ${type} NOT NULL`;
    return `  ${identifier(header)} ${type}`;
  });
}

/**
 * `schema.sql`: CREATE TABLE statements, parents first, in SQL that SQLite, PostgreSQL and DuckDB all take
 * (quoted names, BIGINT and TEXT, primary and foreign keys), and in comments how to load each file into them.
 */
export function schemaSql(tables: readonly DescribedTable[], delimiter: string): string {
  const tsv = delimiter === '\t';
  const lines = [
    '-- The tables of this ZIP. Create them, then load the files, parents first:',
    '--   SQLite:     sqlite3 data.db < schema.sql; then in sqlite3:',
    `--                 .mode csv${tsv ? '\n--                 .separator "\\t"' : ''}`,
    ...tables.map((t) => `--                 .import --skip 1 ${t.file} ${t.name}`),
    '--   PostgreSQL: psql -f schema.sql; then in psql:',
    ...tables.map(
      (t) =>
        `--                 \\copy ${identifier(t.name)} FROM '${t.file}' WITH (FORMAT csv, HEADER true${tsv ? ", DELIMITER E'\\t'" : ''})`,
    ),
    '--   DuckDB:     .read schema.sql; then:',
    ...tables.map(
      (t) =>
        `--                 COPY ${identifier(t.name)} FROM '${t.file}' (HEADER${tsv ? ", DELIMITER '\\t'" : ''});`,
    ),
    '-- Data cells are text as written; a cell holding a list or an object is its JSON text.',
    '',
  ];
  for (const table of tables) {
    lines.push(`CREATE TABLE ${identifier(table.name)} (`, columnsSql(table).join(',\n'), ');', '');
  }
  return lines.join('\n');
}
