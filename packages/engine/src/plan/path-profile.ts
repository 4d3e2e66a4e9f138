import {
  K_ARRAY,
  K_OBJECT,
  K_STRING,
  KIND_NAMES,
  LENGTH_BUCKETS,
  type ProfileNode,
  type ValueKind,
} from './profile-tree.js';

/** One path of a profile. */
export interface PathProfile {
  /** Plan path (`translations.*.common`, `latlng.[]`); "" is the record. */
  path: string;
  /** Segments below the record. */
  depth: number;
  /** Values seen at this path. */
  count: number;
  kinds: Partial<Record<ValueKind, number>>;
  array?: ArrayProfile;
  object?: ObjectProfile;
  /**
   * Columns this path would give under each strategy that fits it (`default`: index arrays, object columns, from
   * the longest array at each level), and `written`: the columns json2csv writes for it without a plan, counted
   * (its distinct leaf paths with their positions and keys).
   */
  columns: { default: number; written: number; json?: number; join?: number; rows?: number };
}

export interface ArrayProfile {
  minLength: number;
  maxLength: number;
  meanLength: number;
  /** How many arrays had a length in each range: `0`, `1`, `2`, `3-5`, `6-10`, `11-100`, `101+`. */
  lengths: Record<string, number>;
  elementKinds: Partial<Record<ValueKind, number>>;
  /** Every element is a string that a `; `-joined cell gives back unchanged. */
  joinSafe: boolean;
}

export interface ObjectProfile {
  minKeys: number;
  maxKeys: number;
  meanKeys: number;
  /** Distinct keys across all objects at this path (at most DISTINCT_KEY_CAP counted). */
  distinctKeys: number;
  distinctKeysAtLeast: boolean;
  /** The most frequent keys, with how many objects had them. */
  topKeys: { key: string; count: number }[];
  /** The keys are data (codes, ids, dates, numbers, or different in every record), not field names. */
  keysLookLikeData: boolean;
  /** Why, in words, when they do. */
  keysReason?: string;
}

function kindCounts(node: ProfileNode): Partial<Record<ValueKind, number>> {
  const counts: Partial<Record<ValueKind, number>> = {};
  KIND_NAMES.forEach((name, k) => {
    const count = node.kinds[k] as number;
    if (count > 0) counts[name] = count;
  });
  return counts;
}

function bucketName(b: number): string {
  if (b === 0) return '0';
  const low = (LENGTH_BUCKETS[b - 1] as number) + 1;
  const high = LENGTH_BUCKETS[b];
  if (high === undefined) return `${low}+`;
  return low === high ? String(low) : `${low}-${high}`;
}

function examples(keys: readonly string[]): string {
  return `${keys.slice(0, 3).join(', ')}${keys.length > 3 ? ', …' : ''}`;
}

/** Whether an object path's keys are data rather than field names, and why. */
function keysAsData(node: ProfileNode): string | null {
  const distinct = node.keyCounts.size;
  if (distinct === 0) return null;
  const keys = [...node.keyCounts.keys()];
  const { code, number, date, id } = node.shapes;
  const strong = number + date + id;
  const shaped = (count: number) => count >= 0.8 * distinct;
  if (distinct >= 2 && shaped(date)) return `its keys are dates (${examples(keys)})`;
  if (distinct >= 2 && shaped(id)) return `its keys are ids (${examples(keys)})`;
  if (distinct >= 2 && shaped(number)) return `its keys are numbers (${examples(keys)})`;
  if (distinct >= 5 && shaped(code + strong)) return `its keys are codes (${examples(keys)})`;
  const more = node.distinctCapped ? 'more than ' : '';
  if (node.anyKey !== null || (distinct >= 8 && distinct > 4 * node.maxKeys)) {
    return `its keys differ from record to record (${more}${distinct} distinct, at most ${node.maxKeys} in one object: ${examples(keys)})`;
  }
  return null;
}

/** Columns under the default strategies: a column per leaf path, per position, per key of a map. */
function defaultColumns(node: ProfileNode, byNode: ReadonlyMap<ProfileNode, PathProfile>): number {
  const scalars = node.count - (node.kinds[K_OBJECT] as number) - (node.kinds[K_ARRAY] as number);
  const empty = (node.lengthBuckets[0] as number) > 0 || node.minKeys === 0;
  let columns = scalars > 0 || empty ? 1 : 0;
  for (const child of node.children.values()) columns += byNode.get(child)?.columns.default ?? 0;
  // Keys that kept their own path are counted above; `*` stands for all the others.
  const folded = Math.max(0, node.keyCounts.size - node.children.size);
  if (node.anyKey !== null) columns += (byNode.get(node.anyKey)?.columns.default ?? 0) * folded;
  if (node.items !== null) columns += (byNode.get(node.items)?.columns.default ?? 0) * node.maxLength;
  return columns;
}

/** The distinct leaf paths counted at `node` and below it: the columns json2csv writes for it. */
function writtenColumns(node: ProfileNode, byNode: ReadonlyMap<ProfileNode, PathProfile>): number {
  let columns = node.leafPaths.count().estimate;
  for (const child of node.children.values()) columns += byNode.get(child)?.columns.written ?? 0;
  if (node.anyKey !== null) columns += byNode.get(node.anyKey)?.columns.written ?? 0;
  if (node.items !== null) columns += byNode.get(node.items)?.columns.written ?? 0;
  return columns;
}

/** A node's profile; its children's are in `byNode` already. */
export function summarizeNode(
  node: ProfileNode,
  path: string,
  depth: number,
  byNode: ReadonlyMap<ProfileNode, PathProfile>,
): PathProfile {
  const profile: PathProfile = {
    path,
    depth,
    count: node.count,
    kinds: kindCounts(node),
    columns: { default: defaultColumns(node, byNode), written: writtenColumns(node, byNode) },
  };
  if (node.arrays > 0) {
    const lengths: Record<string, number> = {};
    node.lengthBuckets.forEach((count, b) => {
      if (count > 0) lengths[bucketName(b)] = count;
    });
    const items = node.items;
    const elementKinds = items === null ? {} : kindCounts(items);
    const onlyStrings = items !== null && items.count > 0 && items.kinds[K_STRING] === items.count;
    profile.array = {
      minLength: node.minLength,
      maxLength: node.maxLength,
      meanLength: node.sumLength / node.arrays,
      lengths,
      elementKinds,
      joinSafe: onlyStrings && items.joinUnsafe === 0,
    };
    profile.columns.json = 1;
    if (profile.array.joinSafe) profile.columns.join = 1;
    profile.columns.rows = (items === null ? 0 : (byNode.get(items)?.columns.default ?? 0)) + 1;
  }
  if (node.objects > 0) {
    const reason = keysAsData(node);
    profile.object = {
      minKeys: node.minKeys,
      maxKeys: node.maxKeys,
      meanKeys: node.sumKeys / node.objects,
      distinctKeys: node.keyCounts.size,
      distinctKeysAtLeast: node.distinctCapped,
      topKeys: [...node.keyCounts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 10)
        .map(([key, count]) => ({ key, count })),
      keysLookLikeData: reason !== null,
    };
    if (reason !== null) profile.object.keysReason = reason;
    if (depth > 0) profile.columns.json = 1;
  }
  return profile;
}
