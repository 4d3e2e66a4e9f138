import { ConversionError } from '../errors.js';

/**
 * A flattening plan: how each path of the records becomes cells. It is a small JSON document that the CLI
 * reads and writes (`unnest plan`, `--plan plan.json`), the API accepts and the web edits; the TypeBox schema
 * of the same shape is `FlattenPlanDocument` in `@unnest/contracts`.
 *
 * Paths are relative to one record and written like a records path: keys joined by `.`, a dot or backslash
 * inside a key as `\.` or `\\`. Two segments are patterns: `[]` is every element of an array, `*` every key
 * of an object (a map), so `translations.*.common` names the `common` of every translation. A key that is
 * literally `[]` or `*` is written `\[]` or `\*`.
 */
export interface FlattenPlan {
  /** The format's version; this engine reads 1. */
  version: 1;
  /** Where the records are and what holds them; absent: found as without a plan. */
  records?: PlanRecords;
  /** One entry per path whose strategy differs from the default; the first entry for a path wins. */
  paths: PlanEntry[];
}

/** Where the records are. */
export interface PlanRecords {
  /** Records path (`css.properties`); empty for the whole document. */
  path: string;
  /** `array`: an array of records; `map`: an object whose every member is a record, its key in `keyColumn`. */
  shape: 'array' | 'map';
  /** For `map`: the column that holds each member's key (default `key`). */
  keyColumn?: string;
}

/** One path's strategy, with the reason the planner gave (kept for people; the engine ignores it). */
export interface PlanEntry {
  path: string;
  strategy: PathStrategy;
  reason?: string;
}

/**
 * How the value at a path becomes cells:
 * - `columns`: an object's keys become columns `path.key` (the default for objects);
 * - `index`: an array's elements become columns `path.0`, `path.1` (the default for arrays);
 * - `join`: an array's elements joined with `; ` in one cell (read back as strings);
 * - `json`: the array or object as minified JSON text in one cell; on a `*` path, every key the plan does not
 *   name at that object goes, with its value, into one JSON object in one cell, the column `path.*` (keys
 *   that differ from record to record then take one column, not one each);
 * - `rows`: one row per element of the array, its fields under `path.`, its position in the column `path.\#`;
 * - `table`: the array or map in a table of its own linked by a parent key (relational output only).
 * A strategy that does not fit the value found (`join` on an object) leaves that value to the default.
 */
export type PathStrategy = 'columns' | 'index' | 'join' | 'json' | 'rows' | 'table';

export const PATH_STRATEGIES: readonly PathStrategy[] = ['columns', 'index', 'join', 'json', 'rows', 'table'];

/** What `join` puts between elements; reading back splits on it. */
export const JOIN_SEPARATOR = '; ';

/** One step of a plan path: a key, every array element, or every key of an object. */
export type PlanSegment = { key: string } | { items: true } | { anyKey: true };

function invalid(message: string): never {
  throw new ConversionError('INVALID_OPTION', message);
}

/** Reads a plan path into its segments; an empty path is the record itself. */
export function parsePlanPath(path: string): PlanSegment[] {
  if (path === '') return [];
  const segments: PlanSegment[] = [];
  let text = '';
  let escaped = false;
  const finish = () => {
    if (!escaped && text === '[]') segments.push({ items: true });
    else if (!escaped && text === '*') segments.push({ anyKey: true });
    else segments.push({ key: text });
    text = '';
    escaped = false;
  };
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string;
    if (c === '\\' && i + 1 < path.length) {
      if (text === '') escaped = true;
      text += path[++i];
    } else if (c === '.') finish();
    else text += c;
  }
  finish();
  return segments;
}

/** Writes segments as a plan path (the inverse of `parsePlanPath`). */
export function formatPlanPath(segments: readonly PlanSegment[]): string {
  return segments
    .map((segment) => {
      if ('items' in segment) return '[]';
      if ('anyKey' in segment) return '*';
      const key = segment.key.replaceAll('\\', '\\\\').replaceAll('.', '\\.');
      return key === '[]' || key === '*' ? `\\${key}` : key;
    })
    .join('.');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a plan will be used. */
export interface FlattenPlanUse {
  /** Relational output (a table per `table` path): `table` is accepted; otherwise it is refused. */
  relational?: boolean;
}

/**
 * Checks a plan (parsed JSON from a file or a request) and returns it typed. Fails with INVALID_OPTION on
 * a wrong shape, on `table` unless the output is relational (`use.relational`), and on a `rows` path below a
 * pattern segment or on more than one `rows` path: one exploded array per record keeps the rows a record
 * gives readable and the table readable back. A `table` path names keys only, either from the record or from
 * the elements (`[]`) or members (`*`) of another `table` path (`items.[].parts`), so every child row has
 * exactly one parent row; a `rows` path cannot lie inside a table.
 */
export function checkFlattenPlan(value: unknown, use: FlattenPlanUse = {}): FlattenPlan {
  if (!isRecord(value)) invalid('A flattening plan must be a JSON object');
  if (value.version !== 1) invalid('A flattening plan must have "version": 1');
  const records = value.records;
  let checkedRecords: PlanRecords | undefined;
  if (records !== undefined) {
    if (!isRecord(records) || typeof records.path !== 'string') invalid('"records" must be an object with a "path"');
    if (records.shape !== 'array' && records.shape !== 'map') invalid('"records.shape" must be "array" or "map"');
    const keyColumn = records.keyColumn;
    if (keyColumn !== undefined && (typeof keyColumn !== 'string' || keyColumn === '')) {
      invalid('"records.keyColumn" must be a non-empty string');
    }
    if (records.shape === 'array' && records.path === '') invalid('An array of records needs no records path');
    checkedRecords = { path: records.path, shape: records.shape };
    if (records.shape === 'map') checkedRecords.keyColumn = keyColumn ?? 'key';
  }
  if (!Array.isArray(value.paths)) invalid('"paths" must be an array');
  const paths: PlanEntry[] = [];
  let rowsPath: string | null = null;
  for (const entry of value.paths as unknown[]) {
    if (!isRecord(entry) || typeof entry.path !== 'string') invalid('Every entry of "paths" needs a "path"');
    const strategy = entry.strategy;
    if (typeof strategy !== 'string' || !PATH_STRATEGIES.includes(strategy as PathStrategy)) {
      invalid(`Unknown strategy "${String(strategy)}" at "${entry.path}"; use ${PATH_STRATEGIES.join(', ')}`);
    }
    if (entry.path === '') invalid('A plan path must not be empty: the record itself is always columns');
    if (strategy === 'table' && use.relational !== true) {
      invalid(
        `"${entry.path}": strategy "table" needs relational output (a ZIP of CSVs, one table per path); a single table cannot hold it`,
      );
    }
    if (strategy === 'rows') {
      if (parsePlanPath(entry.path).some((segment) => !('key' in segment))) {
        invalid(`"${entry.path}": a rows path must name one array, without [] or *`);
      }
      if (rowsPath !== null && rowsPath !== entry.path) {
        invalid(`Only one path can be exploded into rows; "${rowsPath}" and "${entry.path}" both are`);
      }
      rowsPath = entry.path;
    }
    if (entry.reason !== undefined && typeof entry.reason !== 'string') invalid('"reason" must be a string');
    const checked: PlanEntry = { path: entry.path, strategy: strategy as PathStrategy };
    if (typeof entry.reason === 'string') checked.reason = entry.reason;
    paths.push(checked);
  }
  checkTablePaths(paths);
  checkGatheredKeys(paths);
  const plan: FlattenPlan = { version: 1, paths };
  if (checkedRecords !== undefined) plan.records = checkedRecords;
  return plan;
}

/** A key literally named `*` cannot keep a column of its own where the other keys are gathered into the `*` column. */
function checkGatheredKeys(paths: readonly PlanEntry[]): void {
  const gathering = new Set(
    paths
      .filter((entry) => entry.strategy === 'json' && 'anyKey' in (parsePlanPath(entry.path).at(-1) ?? {}))
      .map((entry) => entry.path),
  );
  for (const { path } of paths) {
    const segments = parsePlanPath(path);
    segments.forEach((segment, n) => {
      if (!('key' in segment) || segment.key !== '*') return;
      const gathered = formatPlanPath([...segments.slice(0, n), { anyKey: true }]);
      if (gathering.has(gathered)) {
        invalid(`"${path}": the key "*" cannot have a path of its own where "${gathered}" gathers the other keys`);
      }
    });
  }
}

/** The `table` paths of a checked plan must each hang off the record or off another table (see `checkFlattenPlan`). */
function checkTablePaths(paths: readonly PlanEntry[]): void {
  const tables = paths.filter((entry) => entry.strategy === 'table').map((entry) => entry.path);
  const rows = paths.find((entry) => entry.strategy === 'rows')?.path;
  for (const path of tables) {
    const segments = parsePlanPath(path);
    const lastPattern = segments.findLastIndex((segment) => !('key' in segment));
    if (lastPattern === segments.length - 1) invalid(`"${path}": a table path must end with a key`);
    if (lastPattern >= 0) {
      const parent = formatPlanPath(segments.slice(0, lastPattern));
      if (!tables.includes(parent)) {
        invalid(`"${path}": a table path may use [] or * only right after another table path ("${parent}" is not one)`);
      }
    }
    if (rows !== undefined && (rows === path || rows.startsWith(`${path}.`))) {
      invalid(`"${rows}": a rows path cannot lie inside the table "${path}"`);
    }
  }
}
