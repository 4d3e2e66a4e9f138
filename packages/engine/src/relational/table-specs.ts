import {
  type FlattenPlan,
  formatPlanPath,
  type PlanEntry,
  type PlanSegment,
  parsePlanPath,
} from '../flatten/flatten-plan.js';
import { encodeKeySegment } from '../header-path.js';

/** The key under which a child table's row holds the element or member it stands for. */
export const VALUE_KEY = 'V';
/** The key of a child row's parent id. */
export const PARENT_KEY = 'P';
/** The key of a child row's position (array) or key (map) in its parent. */
export const MEMBER_KEY = 'M';
/** The key of a child row's parent's natural key (`NaturalKey`), where the parent row has one. */
export const PARENT_NATURAL_KEY = 'K';

/** The header of a child table's parent-id column in ZIPs of earlier versions (see `wrappedHeader`). */
export const PARENT_HEADER = '\\#parent';

/**
 * One table of a relational conversion: the main table (the records), or the table of one `table` path, whose
 * rows are that path's array elements or map members. A child table converts wrapped rows
 * `{"P": parent id, "M": position or key, "K": parent's natural key (if any), "V": the element}` under `plan`, the part of the whole plan below its
 * path re-rooted at `V`; its headers are renamed for people on the way out (`tableHeaders`).
 */
export interface TableSpec {
  /** The plan path (`items`, `items.[].parts`); empty for the main table. */
  path: string;
  /** The file in the ZIP (`main.csv`, `tables/items.csv`), without its extension. */
  file: string;
  /** The keys from the parent table's element (or record) to this table's value. */
  keys: string[];
  /** The table whose rows this table's rows belong to; null for the main table. */
  parent: TableSpec | null;
  /** The plan this table's rows are flattened with. */
  plan: FlattenPlan;
  /** Child tables by their rank among `plan`'s `table` entries (null: a table nested deeper, not directly here). */
  children: (TableSpec | null)[];
}

function sameSegment(a: PlanSegment, b: PlanSegment): boolean {
  if ('key' in a) return 'key' in b && a.key === b.key;
  return !('key' in b);
}

/** The entries of `paths` below the elements or members of `table`, re-rooted at `V`. */
function entriesBelow(paths: readonly PlanEntry[], table: readonly PlanSegment[]): PlanEntry[] {
  const below: PlanEntry[] = [];
  for (const entry of paths) {
    const segments = parsePlanPath(entry.path);
    if (segments.length <= table.length) continue;
    if (!table.every((segment, n) => sameSegment(segment, segments[n] as PlanSegment))) continue;
    if ('key' in (segments[table.length] as PlanSegment)) continue;
    below.push({
      path: formatPlanPath([{ key: VALUE_KEY }, ...segments.slice(table.length + 1)]),
      strategy: entry.strategy,
    });
  }
  return below;
}

function fileName(segments: readonly PlanSegment[]): string {
  const keys = segments.flatMap((segment) => ('key' in segment ? [segment.key] : []));
  return keys.join('.').replace(/[^A-Za-z0-9._-]/g, '_') || '_';
}

/** The tables a checked relational plan makes: the main table, its children, theirs. */
export function tableSpecs(plan: FlattenPlan): TableSpec {
  const used = new Set<string>();
  const unique = (name: string): string => {
    let file = `tables/${name}`;
    for (let n = 2; used.has(file); n++) file = `tables/${name}_${n}`;
    used.add(file);
    return file;
  };
  const build = (path: string, keys: string[], tablePlan: FlattenPlan, parent: TableSpec | null): TableSpec => {
    const spec: TableSpec = {
      path,
      file: path === '' ? 'main' : unique(fileName(parsePlanPath(path))),
      keys,
      parent,
      plan: tablePlan,
      children: [],
    };
    for (const entry of tablePlan.paths) {
      if (entry.strategy !== 'table') continue;
      const segments = parsePlanPath(entry.path);
      // Only a table named by keys from here is reached from this table's rows; deeper ones hang off a child.
      const direct = segments.every((segment) => 'key' in segment);
      if (!direct) {
        spec.children.push(null);
        continue;
      }
      const relative = segments.map((segment) => (segment as { key: string }).key);
      // Below the main table, paths start with `V`: the file keeps the whole path from the record.
      const ownKeys = path === '' ? relative : relative.slice(1);
      const fullPath = path === '' ? entry.path : `${path}.[].${formatPlanPath(ownKeys.map((key) => ({ key })))}`;
      spec.children.push(
        build(fullPath, ownKeys, { version: 1, paths: entriesBelow(tablePlan.paths, segments) }, spec),
      );
    }
    return spec;
  };
  return build('', [], plan, null);
}

/**
 * A child table's header as earlier versions wrote it, and as it is written now where the readable name is
 * taken: `\#id` stays, `P` is `\#parent`, `M` is `<name>.\#` (as `rows` writes an element's position), and the
 * element's columns `V…` are under the table's last key (`parts.sku`).
 */
export function renameHeader(spec: TableSpec, header: string, separator: string): string {
  const name = encodeKeySegment(spec.keys[spec.keys.length - 1] ?? '', separator, false);
  if (header === PARENT_KEY) return PARENT_HEADER;
  if (header === MEMBER_KEY) return `${name}${separator}\\#`;
  if (header === VALUE_KEY) return name;
  if (header.startsWith(`${VALUE_KEY}${separator}`)) return name + header.slice(VALUE_KEY.length);
  return header;
}

/** The inverse of `renameHeader`, for reading a child table back. */
export function wrappedHeader(spec: TableSpec, header: string, separator: string): string {
  const name = encodeKeySegment(spec.keys[spec.keys.length - 1] ?? '', separator, false);
  if (header === PARENT_HEADER) return PARENT_KEY;
  if (header === `${name}${separator}\\#`) return MEMBER_KEY;
  if (header === name) return VALUE_KEY;
  if (header.startsWith(`${name}${separator}`)) return VALUE_KEY + header.slice(name.length);
  return header;
}

/** Every table, parents before children. */
export function allTables(spec: TableSpec): TableSpec[] {
  const out: TableSpec[] = [spec];
  for (const child of spec.children) if (child !== null) out.push(...allTables(child));
  return out;
}
