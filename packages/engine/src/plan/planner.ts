import { type FlattenPlan, type PathStrategy, type PlanEntry, parsePlanPath } from '../flatten/flatten-plan.js';
import { mapKeyColumn } from '../flatten/map-key-column.js';
import type { PathProfile } from './path-profile.js';
import {
  anyMember,
  format,
  membersAreRecords,
  only,
  rowsHaveNaturalKey,
  type TablePaths,
  type TableSize,
  type TreeNode,
  tableAllowed,
  tableRowsHaveNaturalKey,
  tableSize,
  treeOf,
  withSize,
} from './planner-tree.js';
import type { JsonProfile } from './profile-json.js';

/** A proposed plan with its reasons in words and the column counts it is expected to give. */
export interface PlanProposal {
  plan: FlattenPlan;
  /** One sentence per decision, in path order (the entries' `reason`s, and the records' shape). */
  explanations: string[];
  /** Columns without a plan and with this one, estimated from the profile. */
  columns: { before: number; after: number };
}

/** Arrays of scalars at most this long, and always this long, keep a column per position. */
const FIXED_LENGTH_LIMIT = 4;
/** An object path that would give more columns than this is kept as JSON. */
const WIDE_OBJECT = 100;

const quoted = (path: string) => `\`${path}\``;

function kindWords(kinds: PathProfile['kinds']): string {
  const names = Object.keys(kinds);
  if (names.length === 1 && names[0] === 'string') return 'strings';
  if (names.length === 1 && names[0] === 'number') return 'numbers';
  if (names.length === 1 && names[0] === 'boolean') return 'booleans';
  return 'values';
}

const KIND_PHRASES: Partial<Record<string, string>> = {
  object: 'an object',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
};

/** The kinds other than lists (and null) a path holds, in words (`an object`), or null when it holds none. */
function notLists(kinds: PathProfile['kinds']): string | null {
  const phrases = Object.keys(kinds).flatMap((name) => KIND_PHRASES[name] ?? []);
  return phrases.length === 0 ? null : phrases.join(' or ');
}

/** What the proposal is for. */
export interface ProposalOptions {
  /**
   * Relational output (a ZIP of tables): lists of objects and maps of records go to tables of their own (`table`) instead of
   * rows or JSON, wherever a table may hang (from the record, or from another table's elements).
   */
  relational?: boolean;
  /**
   * Propose one row per element for the only list of objects (`rows`). Off by default: a row per element
   * changes the grain (one row per record becomes several, and sums over the record's numbers count it
   * several times), so it is a choice, never a default.
   */
  explode?: boolean;
}

/** The strategy for one path and why, or null to leave it to the default. */
function decide(
  profile: PathProfile,
  path: string,
  rowsPath: string | null,
  tables: TablePaths,
  recordMembers: boolean,
): [PathStrategy, string] | null {
  const object = profile.object;
  const array = profile.array;
  // The columns plain conversion writes for this path, counted: not the longest array at each level multiplied.
  // Inside a table's elements the columns are its table's, which the profile does not count: no number is stated.
  const inTable = tables !== null && [...tables.keys()].some((table) => path.startsWith(`${table}.`));
  const before = inTable ? 0 : profile.columns.written;
  const instead = before > 1 ? ` instead of ${format(before)} columns` : '';
  if (object?.keysLookLikeData) {
    if (recordMembers && tables !== null && tableAllowed(path, tables)) {
      tables.set(path, 'map');
      return [
        'table',
        `${quoted(path)} is a map of records: ${object.keysReason}. A table of its own, one row per member with its key in _index, linked to its parent row by _parent_id${before > 1 ? `; one column here instead of ${format(before)}` : ''}.`,
      ];
    }
    return ['json', `${quoted(path)} is a map: ${object.keysReason}. Kept as JSON in one column${instead}.`];
  }
  if (array !== undefined) {
    const elements = array.elementKinds;
    const most = array.maxLength;
    if (Object.keys(elements).length === 0) return null;
    const otherwise = notLists(profile.kinds);
    if (otherwise !== null) {
      // Neither columns nor rows fit a path that is a list in some records only: one JSON cell holds both.
      return [
        'json',
        `${quoted(path)} is sometimes ${otherwise} and sometimes a list of ${only(elements, ['object']) ? 'objects' : kindWords(elements)} (up to ${format(most)}): kept as JSON in one column${instead}.`,
      ];
    }
    if (only(elements, ['string', 'number', 'boolean', 'null'])) {
      const numbers = only(elements, ['number']);
      if (numbers && array.minLength === most && most <= FIXED_LENGTH_LIMIT && profile.count === profile.kinds.array) {
        const positions = most === 1 ? `${path}.0` : `${path}.0 … ${path}.${most - 1}`;
        return ['index', `${quoted(path)} always holds ${most} numbers: one column per position (${positions}).`];
      }
      // A joined cell reads back as a list: only where every value is one (a lone string would become a list).
      const alwaysArrays = profile.count === (profile.kinds.array ?? 0) + (profile.kinds.null ?? 0);
      if (array.joinSafe && alwaysArrays) {
        const strings = most === 1 ? 'string' : 'strings';
        return [
          'join',
          `${quoted(path)} is a list of up to ${format(most)} ${strings}: joined with "; " in one column${instead}.`,
        ];
      }
      return [
        'json',
        `${quoted(path)} is a list of up to ${format(most)} ${kindWords(elements)}: kept as JSON in one column${instead}.`,
      ];
    }
    if (only(elements, ['array'])) {
      return [
        'json',
        `${quoted(path)} holds arrays of arrays (coordinates or a matrix): kept as JSON in one column${instead}.`,
      ];
    }
    if (only(elements, ['object']) && tables !== null && tableAllowed(path, tables)) {
      tables.set(path, 'list');
      return [
        'table',
        `${quoted(path)} is a list of objects (up to ${format(most)}): a table of its own, one row per element, linked to its parent row by _parent_id${before > 1 ? `; one column here instead of ${format(before)}` : ''}.`,
      ];
    }
    if (only(elements, ['object']) && path === rowsPath) {
      return [
        'rows',
        `${quoted(path)} is a list of objects (up to ${format(most)}): one row per element, its fields in ${format((profile.columns.rows ?? 1) - 1)} columns, its position in the column ${quoted(`${path}.\\#`)}.`,
      ];
    }
    return [
      'json',
      `${quoted(path)} is a list of ${only(elements, ['object']) ? 'objects' : 'mixed values'} (up to ${format(most)}): kept as JSON in one column${instead}; choose rows for a row per element.`,
    ];
  }
  return null;
}

/** The one array of objects worth exploding: the only one in a record, not inside another array or map. */
function rowsCandidate(paths: readonly PathProfile[]): string | null {
  const candidates = paths.filter(
    (p) =>
      p.depth > 0 &&
      p.array !== undefined &&
      only(p.array.elementKinds, ['object']) &&
      !/(^|\.)(\[\]|\*)(\.|$)/.test(p.path),
  );
  const nested = paths.some((p) => p.array !== undefined && 'object' in p.array.elementKinds && p.path.includes('[]'));
  return candidates.length === 1 && !nested ? (candidates[0] as PathProfile).path : null;
}

/**
 * Decides the paths below `root`, parents first (keeping a decision already made); then counts columns children
 * first, keeping as JSON an object still wider than WIDE_OBJECT. Returns the entries and the columns.
 * `recordsAreMembers`: the records are a map's members (their keys name them, for `_parent_key`).
 */
function planTree(
  root: TreeNode,
  rowsPath: string | null,
  tables: TablePaths,
  recordsAreMembers: boolean,
): [PlanEntry[], number] {
  const order: TreeNode[] = [];
  const pending: [TreeNode, boolean][] = [[root, false]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [node, under] = item;
    order.push(node);
    const decision =
      node === root || under
        ? null
        : (node.decision ?? decide(node.profile, node.profile.path, rowsPath, tables, membersAreRecords(node)));
    node.decision = decision;
    // A table's elements are records of their own table: their paths are decided too.
    const closed = under || (decision !== null && decision[0] !== 'index' && decision[0] !== 'table');
    for (let c = node.children.length - 1; c >= 0; c--) pending.push([node.children[c] as TreeNode, closed]);
  }
  for (let n = order.length - 1; n >= 0; n--) {
    const node = order[n] as TreeNode;
    const profile = node.profile;
    let below = 0;
    let belowDefault = 0;
    for (const child of node.children) {
      // Keys gathered as JSON take one column together (see FlattenPlan's `json` on `*`).
      below += child.after * (child.anyKey && child.decision?.[0] === 'json' ? 1 : child.repeat);
      belowDefault += child.profile.columns.default * child.repeat;
    }
    const own = Math.max(0, profile.columns.default - belowDefault);
    // A plan only ever narrows what plain conversion writes, whose columns are counted.
    node.after = Math.min(own + below, profile.columns.written);
    const strategy = node.decision?.[0];
    if (strategy === 'json' || strategy === 'join' || strategy === 'table') node.after = 1;
    else if (strategy === 'rows') node.after = profile.columns.rows ?? 1;
    else if (node !== root && profile.object !== undefined && node.after > WIDE_OBJECT) {
      node.decision = [
        'json',
        `${quoted(profile.path)} would give ${format(node.after)} columns: kept as JSON in one column.`,
      ];
      node.after = 1;
    }
  }
  const entries: PlanEntry[] = [];
  const written = new Set<string>();
  // A map's members in a table are its rows, whatever their key: a decision below one holds for every member
  // (`*`), and a table there gathers the rows of every member's.
  const sizes = new Map<string, TableSize>();
  // Each path with whether the rows it is in have a natural key (which a table below them then carries).
  // Records that are a map's members are named by their keys.
  const recordsKeyed = recordsAreMembers || rowsHaveNaturalKey(root);
  const skip: [TreeNode, boolean, number[], boolean][] = [[root, false, [], recordsKeyed]];
  for (let item = skip.pop(); item !== undefined; item = skip.pop()) {
    const [node, under, members, keyed] = item;
    const decision = under ? null : node.decision;
    const path = anyMember(node.profile.path, members);
    if (decision?.[0] === 'table') {
      const size = tableSize(node, keyed);
      const before = sizes.get(path);
      sizes.set(
        path,
        before === undefined
          ? size
          : { rows: before.rows + size.rows, columns: Math.max(before.columns, size.columns) },
      );
    }
    if (decision !== null && !written.has(path)) {
      written.add(path);
      entries.push({ path, strategy: decision[0], reason: decision[1] });
    }
    const closed = under || (decision !== null && decision[0] !== 'index' && decision[0] !== 'table');
    const mapTable = decision?.[0] === 'table' && node.profile.object?.keysLookLikeData === true;
    const below = mapTable ? [...members, parsePlanPath(node.profile.path).length] : members;
    const rowsKeyed = decision?.[0] === 'table' ? tableRowsHaveNaturalKey(node) : keyed;
    for (let c = node.children.length - 1; c >= 0; c--) {
      skip.push([node.children[c] as TreeNode, closed, below, rowsKeyed]);
    }
  }
  for (const entry of entries) {
    const size = sizes.get(entry.path);
    if (size !== undefined && entry.reason !== undefined) entry.reason = withSize(entry.reason, size);
  }
  return [entries, root.after];
}

/**
 * Where the plan gathers an object's other keys (`x.*` as JSON), a key keeps its column only if the plan names
 * it: gives each kept key without a path of its own, or below it, a `columns` entry (before the `*` entry).
 */
function nameKeptKeys(tree: TreeNode, entries: PlanEntry[]): void {
  const pending = [tree];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    pending.push(...node.children);
    const any = node.children.find((child) => child.anyKey);
    if (any === undefined) continue;
    const gathering = entries.findIndex((entry) => entry.path === any.profile.path && entry.strategy === 'json');
    if (gathering < 0) continue;
    const unnamed = node.children
      .filter((child) => 'key' in (parsePlanPath(child.profile.path).at(-1) ?? {}))
      .map((child) => child.profile.path)
      .filter((path) => !entries.some((entry) => entry.path === path || entry.path.startsWith(`${path}.`)));
    entries.splice(gathering, 0, ...unnamed.map((path): PlanEntry => ({ path, strategy: 'columns' })));
  }
}

/** The records' own top-level keys, however rare: the first key of every profiled path. */
function topLevelKeys(paths: readonly PathProfile[]): Set<string> {
  const keys = new Set<string>();
  for (const { path } of paths) {
    const first = parsePlanPath(path)[0];
    if (first !== undefined && 'key' in first) keys.add(first.key);
  }
  return keys;
}

/**
 * Proposes a strategy per path from a profile, each with a sentence saying why: maps (keys that are codes,
 * ids, dates or differ per record) as JSON, short fixed-length arrays by position, lists of strings joined,
 * other lists and arrays of arrays as JSON (the only array of objects as rows when `options.explode` asks: the
 * grain stays one row per record unless asked), and an object still wider
 * than WIDE_OBJECT columns as JSON. A record that is itself a map keeps its frequent keys as columns and the
 * others as JSON, one column per key. For relational output (`options.relational`), lists of objects become
 * tables of their own, and the paths inside their elements are decided as a record's are.
 */
export function proposePlan(profile: JsonProfile, options: ProposalOptions = {}): PlanProposal {
  const paths = profile.paths;
  const root = paths[0];
  const entries: PlanEntry[] = [];
  const explanations: string[] = [];
  const plan: FlattenPlan = { version: 1, paths: entries };
  if (profile.recordsShape === 'map') {
    const taken = topLevelKeys(paths);
    const keyColumn = mapKeyColumn((name) => taken.has(name));
    plan.records = { path: profile.recordsPath ?? '', shape: 'map', keyColumn };
    const holder =
      profile.recordsPath === null
        ? 'The top-level object is a map of records (its keys are data, its members alike)'
        : `${quoted(profile.recordsPath)} is an object whose members are the records`;
    explanations.push(`${holder}: one row per member, its key in the column "${keyColumn}".`);
  } else if (profile.recordsPath !== null) plan.records = { path: profile.recordsPath, shape: 'array' };
  if (root === undefined) return { plan, explanations, columns: { before: 0, after: 0 } };
  const tables: TablePaths = options.relational === true ? new Map() : null;
  // Relational output puts lists of objects in tables: no path is exploded into rows.
  const rowsPath = tables === null && options.explode === true ? rowsCandidate(paths) : null;
  const tree = treeOf(paths, 0);
  const any = tree.children.find((child) => child.profile.path === '*');
  if (root.object?.keysLookLikeData && any !== undefined) {
    const named = tree.children.filter((child) => child !== any).map((child) => child.profile.path);
    // The record is partly a map: keys in most records keep their columns, all the others share one JSON cell.
    const but = named.length === 0 ? 'Every key' : `Every key but ${named.map(quoted).join(', ')}`;
    any.decision = [
      'json',
      `Each record is partly a map: ${root.object.keysReason}. ${but} is kept, with its value, in one JSON object in the column "*" instead of a column each.`,
    ];
  }
  const [planned, after] = planTree(tree, rowsPath, tables, profile.recordsShape === 'map');
  entries.push(...planned);
  nameKeptKeys(tree, entries);
  for (const entry of entries) if (entry.reason !== undefined) explanations.push(entry.reason);
  if (profile.sampled) explanations.push(`Proposed from the first ${format(profile.records)} records only.`);
  // A map's records add their key column either way.
  const keyColumn = profile.recordsShape === 'map' ? 1 : 0;
  // Relational output's main table has its rows' ids too.
  const idColumn = tables === null ? 0 : 1;
  return {
    plan,
    explanations,
    columns: { before: profile.defaultColumns + keyColumn, after: after + keyColumn + idColumn },
  };
}
