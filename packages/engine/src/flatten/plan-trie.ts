import { type FlattenPlan, type PathStrategy, parsePlanPath } from './flatten-plan.js';

/** Strategy codes the flattener tests per container; 0 leaves the conversion's default. */
export const STRATEGY_DEFAULT = 0;
export const STRATEGY_COLUMNS = 1;
export const STRATEGY_INDEX = 2;
export const STRATEGY_JOIN = 3;
export const STRATEGY_JSON = 4;
export const STRATEGY_ROWS = 5;
/** Relational output only: the value goes to a table of its own (`checkFlattenPlan` refuses it elsewhere). */
export const STRATEGY_TABLE = 6;

const CODES: Record<PathStrategy, number> = {
  columns: STRATEGY_COLUMNS,
  index: STRATEGY_INDEX,
  join: STRATEGY_JOIN,
  json: STRATEGY_JSON,
  rows: STRATEGY_ROWS,
  table: STRATEGY_TABLE,
};

/**
 * A plan compiled into a trie that mirrors the record: each concrete path finds its node by one step per
 * key or position, so the flattener looks a strategy up once per path it creates, never per value.
 */
export class PlanNode {
  strategy = STRATEGY_DEFAULT;
  /** For STRATEGY_TABLE: which of the plan's `table` entries (in plan order) this node's values go to. */
  table = -1;
  private keys: Map<string, PlanNode> | null = null;
  private anyKey: PlanNode | null = null;
  private items: PlanNode | null = null;

  /** The node of an object key: a named entry first, else the `*` entry. */
  key(key: string): PlanNode | null {
    return this.keys?.get(key) ?? this.anyKey;
  }

  /** The node of a key the plan names (not the `*` entry). */
  named(key: string): PlanNode | null {
    return this.keys?.get(key) ?? null;
  }

  /**
   * Whether the plan keeps the keys it does not name at this object path together, as one JSON object in the
   * column `*` (a `*` entry with strategy `json`; see `FlattenPlan`).
   */
  get gathers(): boolean {
    return this.anyKey?.strategy === STRATEGY_JSON;
  }

  /** Whether this node or one below it gathers keys: a record is reshaped only along such nodes. */
  gathersBelow = false;

  /** The node of an array element (`[]`). */
  item(): PlanNode | null {
    return this.items;
  }

  /** Adds the node for one written segment. */
  add(segment: { key: string } | { items: true } | { anyKey: true }): PlanNode {
    if ('items' in segment) {
      this.items ??= new PlanNode();
      return this.items;
    }
    if ('anyKey' in segment) {
      this.anyKey ??= new PlanNode();
      return this.anyKey;
    }
    this.keys ??= new Map();
    let node = this.keys.get(segment.key);
    if (node === undefined) {
      node = new PlanNode();
      this.keys.set(segment.key, node);
    }
    return node;
  }
}

/**
 * Compiles a checked plan's paths; the first entry for a path wins. A `table` node remembers its entry's rank
 * among the plan's `table` entries, the index the relational writer gives that table.
 */
export function compilePlan(plan: FlattenPlan): PlanNode {
  const root = new PlanNode();
  let tables = 0;
  for (const entry of plan.paths) {
    let node = root;
    const trail = [root];
    const segments = parsePlanPath(entry.path);
    for (const segment of segments) {
      node = node.add(segment);
      trail.push(node);
    }
    const table = entry.strategy === 'table' ? tables++ : -1;
    const last = segments.at(-1);
    if (entry.strategy === 'json' && last !== undefined && 'anyKey' in last) {
      // The object holding the `*` and every node above it lead to gathered keys.
      for (const above of trail.slice(0, -1)) above.gathersBelow = true;
    }
    if (node.strategy === STRATEGY_DEFAULT) {
      node.strategy = CODES[entry.strategy];
      node.table = table;
    }
  }
  return root;
}
