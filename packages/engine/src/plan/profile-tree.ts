import { DistinctCounter } from '../analysis/distinct-counter.js';

/** Kinds of values a profile counts, in the order of `ProfileNode.kinds`. */
export const KIND_NAMES = ['string', 'number', 'boolean', 'null', 'object', 'array'] as const;
export type ValueKind = (typeof KIND_NAMES)[number];
export const K_STRING = 0;
export const K_NUMBER = 1;
export const K_BOOLEAN = 2;
export const K_NULL = 3;
export const K_OBJECT = 4;
export const K_ARRAY = 5;

/** Upper bounds of the array length buckets a profile reports (the last is open). */
export const LENGTH_BUCKETS = [0, 1, 2, 5, 10, 100] as const;

/** An object path with more distinct keys than this is a map: its keys are profiled as one `*` path. */
export const MAP_KEY_LIMIT = 64;
/** Distinct keys counted per object path; past this the count says "at least". */
export const DISTINCT_KEY_CAP = 1000;
/** A key in at least this share of the objects keeps its own path when the others fold into `*`. */
export const FREQUENT_SHARE = 0.5;
/** Paths a profile holds at most; past this new keys fold into their parent's `*`, so memory stays flat. */
export const MAX_PROFILE_NODES = 20_000;

/** Keys that are values rather than field names: language/currency/country codes, ids, dates, numbers. */
const CODE_KEY = /^[A-Za-z]{2,3}$/;
const NUMBER_KEY = /^[0-9]+$/;
const DATE_KEY = /^[0-9]{4}-[0-9]{2}(-[0-9]{2})?([T ][0-9:.]+Z?)?$/;
const ID_KEY = /^(?=.*[0-9])[-_A-Za-z0-9]{12,}$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which kind of data a key looks like, or null for a field name. */
export function keyShape(key: string): 'code' | 'number' | 'date' | 'id' | null {
  if (NUMBER_KEY.test(key)) return 'number';
  if (DATE_KEY.test(key)) return 'date';
  if (CODE_KEY.test(key)) return 'code';
  if (ID_KEY.test(key)) return 'id';
  return null;
}

/** Counts shared by every node of one profile, to bound its size. */
export class ProfileBudget {
  nodes = 0;
  /** Keys folded into `*` because the budget ran out. */
  folded = false;
}

/** What one path (with array positions as `[]` and a map's keys as `*`) held across all records. */
export class ProfileNode {
  count = 0;
  readonly kinds = new Float64Array(6);
  /** Strings that a `join` cell would not give back as they were (empty, holding `;`, a backslash or JSON). */
  joinUnsafe = 0;
  arrays = 0;
  minLength = Number.POSITIVE_INFINITY;
  maxLength = 0;
  sumLength = 0;
  readonly lengthBuckets = new Float64Array(LENGTH_BUCKETS.length + 1);
  objects = 0;
  minKeys = Number.POSITIVE_INFINITY;
  maxKeys = 0;
  sumKeys = 0;
  /** How many objects had each key (the first DISTINCT_KEY_CAP distinct keys). */
  readonly keyCounts = new Map<string, number>();
  distinctCapped = false;
  /** Distinct keys by shape (of those counted). */
  readonly shapes = { code: 0, number: 0, date: 0, id: 0 };
  readonly children = new Map<string, ProfileNode>();
  /**
   * The distinct concrete paths (positions and keys as they were: `a.0.b`, `a.1.b`) of the leaves profiled at this
   * node, each a column json2csv writes: disjoint between nodes, so a path's columns are the sum over its subtree.
   */
  readonly leafPaths = new DistinctCounter();
  /** Set once the keys were found to be data: every key's value is profiled here. */
  anyKey: ProfileNode | null = null;
  items: ProfileNode | null = null;

  constructor(private readonly budget: ProfileBudget) {
    budget.nodes++;
  }

  /** The node of key `key` in an object at this path. */
  child(key: string): ProfileNode {
    this.countKey(key, 1);
    let node = this.children.get(key);
    if (node !== undefined) return node;
    if (this.anyKey !== null) return this.anyKey;
    if (this.children.size >= MAP_KEY_LIMIT || this.budget.nodes >= MAX_PROFILE_NODES) {
      if (this.budget.nodes >= MAX_PROFILE_NODES) this.budget.folded = true;
      return this.collapse();
    }
    node = new ProfileNode(this.budget);
    this.children.set(key, node);
    return node;
  }

  /** The node of this array's elements. */
  item(): ProfileNode {
    this.items ??= new ProfileNode(this.budget);
    return this.items;
  }

  seen(kind: number): void {
    this.count++;
    this.kinds[kind] = (this.kinds[kind] as number) + 1;
  }

  closeArray(length: number): void {
    this.arrays++;
    if (length < this.minLength) this.minLength = length;
    if (length > this.maxLength) this.maxLength = length;
    this.sumLength += length;
    let bucket = 0;
    while (bucket < LENGTH_BUCKETS.length && length > (LENGTH_BUCKETS[bucket] as number)) bucket++;
    this.lengthBuckets[bucket] = (this.lengthBuckets[bucket] as number) + 1;
  }

  closeObject(keys: number): void {
    this.objects++;
    if (keys < this.minKeys) this.minKeys = keys;
    if (keys > this.maxKeys) this.maxKeys = keys;
    this.sumKeys += keys;
  }

  /**
   * Profiles every key's value at one `*` node from now on, merging what the named keys held; keys in at
   * least half the objects so far stay named (a record with `__compat` and any number of sub-feature keys
   * keeps `__compat` apart), as long as the budget allows.
   */
  collapse(): ProfileNode {
    if (this.anyKey !== null) return this.anyKey;
    const any = new ProfileNode(this.budget);
    const seen = Math.max(1, this.objects);
    for (const [key, child] of this.children) {
      const frequent = (this.keyCounts.get(key) ?? 0) >= FREQUENT_SHARE * seen;
      if (frequent && this.budget.nodes < MAX_PROFILE_NODES) continue;
      any.merge(child);
      this.children.delete(key);
    }
    this.anyKey = any;
    return any;
  }

  private countKey(key: string, times: number): void {
    const counted = this.keyCounts.get(key);
    if (counted !== undefined) this.keyCounts.set(key, counted + times);
    else if (this.keyCounts.size < DISTINCT_KEY_CAP) {
      this.keyCounts.set(key, times);
      const shape = keyShape(key);
      if (shape !== null) this.shapes[shape]++;
    } else this.distinctCapped = true;
  }

  /** Adds what `source` saw to this node, subtree by subtree, without recursion. */
  merge(source: ProfileNode): void {
    const pending: [ProfileNode, ProfileNode][] = [[this, source]];
    for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
      const [to, from] = pair;
      to.count += from.count;
      for (let k = 0; k < 6; k++) to.kinds[k] = (to.kinds[k] as number) + (from.kinds[k] as number);
      to.joinUnsafe += from.joinUnsafe;
      to.arrays += from.arrays;
      to.minLength = Math.min(to.minLength, from.minLength);
      to.maxLength = Math.max(to.maxLength, from.maxLength);
      to.sumLength += from.sumLength;
      for (let b = 0; b < to.lengthBuckets.length; b++) {
        to.lengthBuckets[b] = (to.lengthBuckets[b] as number) + (from.lengthBuckets[b] as number);
      }
      to.objects += from.objects;
      to.minKeys = Math.min(to.minKeys, from.minKeys);
      to.maxKeys = Math.max(to.maxKeys, from.maxKeys);
      to.sumKeys += from.sumKeys;
      for (const [key, times] of from.keyCounts) to.countKey(key, times);
      to.distinctCapped ||= from.distinctCapped;
      to.leafPaths.merge(from.leafPaths);
      if (from.items !== null) pending.push([to.item(), from.items]);
      const targetOf = (key: string): ProfileNode => {
        let node = to.children.get(key);
        if (node === undefined && to.anyKey !== null) return to.anyKey;
        if (node === undefined) {
          node = new ProfileNode(to.budget);
          to.children.set(key, node);
        }
        return node;
      };
      for (const [key, child] of from.children) pending.push([targetOf(key), child]);
      if (from.anyKey !== null) pending.push([to.collapse(), from.anyKey]);
      from.budget.nodes--;
    }
  }
}
