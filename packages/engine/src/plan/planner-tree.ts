import { formatPlanPath, type PathStrategy, parsePlanPath } from '../flatten/flatten-plan.js';
import type { PathProfile } from './path-profile.js';

/** The fields that name a row, most telling first: the first a table's rows hold is its natural key. */
export const NATURAL_KEY_FIELDS = ['id', 'key', 'code', 'uuid'] as const;

// The profile's paths as the tree the planner decides over, and what it keeps of the tables a relational
// proposal makes: which paths may be tables, a map table's members, each table's stated size.

/** A count as people read it: 1,234. */
export const format = (n: number) => n.toLocaleString('en-US');

/** Whether every kind `kinds` holds is among `allowed`. */
export function only(kinds: PathProfile['kinds'], allowed: readonly string[]): boolean {
  const names = Object.keys(kinds);
  return names.length > 0 && names.every((name) => allowed.includes(name));
}

/**
 * Where the decisions stand while the tree is walked parents first: the table paths so far, each a list's or a
 * map's (whose members' keys stand for any member, `*`, below it); null when the output is one table.
 */
export type TablePaths = Map<string, 'list' | 'map'> | null;

/**
 * Whether `path` may be a table: keys from the record, or keys from the elements of a table (see checkFlattenPlan),
 * a map table's member keys counting as its `*` (a member is a row of that table, never a table of its own).
 */
export function tableAllowed(path: string, tables: NonNullable<TablePaths>): boolean {
  const segments = parsePlanPath(path);
  const effective = segments.map((segment, n) =>
    n > 0 && tables.get(formatPlanPath(segments.slice(0, n))) === 'map' ? { anyKey: true as const } : segment,
  );
  const lastPattern = effective.findLastIndex((segment) => !('key' in segment));
  if (lastPattern < 0) return true;
  return lastPattern < segments.length - 1 && tables.has(formatPlanPath(segments.slice(0, lastPattern)));
}

/** A profile path with its place in the tree. */
export interface TreeNode {
  profile: PathProfile;
  children: TreeNode[];
  /** How many times this path's columns repeat in its parent's: a map's keys, an array's positions, else 1. */
  repeat: number;
  /** The `*` of an object: the keys without a path of their own. */
  anyKey: boolean;
  decision: [PathStrategy, string] | null;
  after: number;
}

/** Builds the tree below `top` from the parents-first list of paths. */
export function treeOf(paths: readonly PathProfile[], top: number): TreeNode {
  const root: TreeNode = {
    profile: paths[top] as PathProfile,
    children: [],
    repeat: 1,
    anyKey: false,
    decision: null,
    after: 0,
  };
  const stack = [root];
  for (let n = top + 1; n < paths.length; n++) {
    const profile = paths[n] as PathProfile;
    if (profile.depth <= root.profile.depth) break;
    while ((stack[stack.length - 1] as TreeNode).profile.depth >= profile.depth) stack.pop();
    const parent = stack[stack.length - 1] as TreeNode;
    const last = profile.path.slice(parent.profile.path.length).replace(/^\./, '');
    // `*` stands for the keys that did not keep a path of their own (those come first among the children).
    const folded = (parent.profile.object?.distinctKeys ?? 1) - parent.children.length;
    const repeat = last === '*' ? Math.max(0, folded) : last === '[]' ? (parent.profile.array?.maxLength ?? 1) : 1;
    const node: TreeNode = { profile, children: [], repeat, anyKey: last === '*', decision: null, after: 0 };
    parent.children.push(node);
    stack.push(node);
  }
  return root;
}

/** Whether every member of the object at `node` (its keys' and its `*`'s values) is an object: a map of records. */
export function membersAreRecords(node: TreeNode): boolean {
  const members = node.children.filter(
    (child) => 'key' in (parsePlanPath(child.profile.path).at(-1) ?? {}) || child.anyKey,
  );
  return (
    members.length > 0 &&
    members.every((child) => only(child.profile.kinds, ['object', 'null']) && 'object' in child.profile.kinds)
  );
}

/** Link columns of every child table: `_id`, `_parent_id`, `_index`. */
const LINK_COLUMNS = 3;

/** Whether the rows whose fields are `row`'s children have a natural key: a scalar `id`, `key`, `code` or `uuid`. */
export function rowsHaveNaturalKey(row: TreeNode): boolean {
  return row.children.some((child) => {
    const last = parsePlanPath(child.profile.path).at(-1);
    const { string, number, boolean } = child.profile.kinds;
    const named = last !== undefined && 'key' in last && (NATURAL_KEY_FIELDS as readonly string[]).includes(last.key);
    return named && (string ?? 0) + (number ?? 0) + (boolean ?? 0) > 0;
  });
}

/** Whether the rows of the table of `node` have a natural key: a map's members their keys, elements a key field. */
export function tableRowsHaveNaturalKey(node: TreeNode): boolean {
  if (node.profile.array === undefined) return true;
  const element = node.children.find((child) => child.profile.path.endsWith('.[]'));
  return element !== undefined && rowsHaveNaturalKey(element);
}

/** The rows and columns a table path's table will have. */
export interface TableSize {
  rows: number;
  columns: number;
}

/**
 * The size of the table of `node`: a row per element or member seen, and the columns of its elements (or of its
 * widest member's) under the plan, with the link columns (and `_parent_key` where `parentKeyed`).
 */
export function tableSize(node: TreeNode, parentKeyed: boolean): TableSize {
  const { array, object, kinds } = node.profile;
  const rows =
    array !== undefined ? array.meanLength * (kinds.array ?? 0) : (object?.meanKeys ?? 0) * (kinds.object ?? 0);
  // A list's elements are its `[]`; a map's members its keys and `*`.
  const members = node.children.filter((child) => child.profile.path.endsWith('.[]') === (array !== undefined));
  // The parent row's natural key, where the parent rows have one, follows the link columns.
  const links = LINK_COLUMNS + (parentKeyed ? 1 : 0);
  return { rows, columns: links + Math.max(0, ...members.map((child) => child.after)) };
}

/** A table's reason with its size: `a table of its own (about 275 rows × 5 columns)`. */
export function withSize(reason: string, size: TableSize): string {
  const rows = Math.round(size.rows);
  return reason.replace(
    /a table of its own/i,
    (words) => `${words} (about ${format(rows)} ${rows === 1 ? 'row' : 'rows'} × ${format(size.columns)} columns)`,
  );
}

/** `path` with the segments at `members` (a map table's member keys) made `*`. */
export function anyMember(path: string, members: readonly number[]): string {
  if (members.length === 0) return path;
  const segments = parsePlanPath(path);
  for (const at of members) if (at < segments.length) segments[at] = { anyKey: true };
  return formatPlanPath(segments);
}
