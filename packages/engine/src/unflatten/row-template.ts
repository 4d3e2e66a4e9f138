import { decodeHeaderPath } from '../header-path.js';

/** One position in the nested shape of a record. */
export interface TemplateNode {
  /** Position in `RowTemplate.index` (set once the template is compiled). */
  id: number;
  /** Column holding the value at this path itself, or -1. */
  leaf: number;
  /** Object members in first-seen order. */
  members: TemplateMember[];
  /** Array elements by index; holes are positions no header names (written as null). */
  items: (TemplateNode | undefined)[];
  /** Array items were seen before object members; decides the shape when a row fills neither. */
  arrayFirst: boolean;
  /** Every column below the members. */
  memberColumns: number[];
  /** Every column below the items. */
  itemColumns: number[];
}

/** A named child of an object node. */
export interface TemplateMember {
  key: string;
  node: TemplateNode;
}

/**
 * The shape of every record, compiled once from the header. `flat` means each column is a
 * top-level key of its own, in column order, so rows can be written without walking the tree.
 */
export interface RowTemplate {
  root: TemplateNode;
  flat: boolean;
  /** Node links by id, for finding which parts of a record hold values without walking the whole shape. */
  index: TemplateIndex;
  /** Per column, the top-level key it is written under when its place is taken (see `unflatten`). */
  overflowKeys: (string | undefined)[];
  /** Key for the n-th (1-based) cell beyond the header in a ragged row: `_extra_1`, ... */
  extraKey(n: number): string;
}

/** The tree's links as flat arrays, indexed by node id (the root is 0, parents before children). */
export interface TemplateIndex {
  /** Each node's parent id (-1 for the root). */
  parent: Int32Array;
  /** 1 where a node is an array element of its parent, 0 where it is an object member. */
  isItem: Uint8Array;
  /** Per column, the id of the node that column is the leaf of. */
  leafNode: Int32Array;
  /** Per node, the nulls a record holding no value below it gets there (see `NestedRecordWriter.writeNode`). */
  nulls: Float64Array;
}

function newNode(): TemplateNode {
  return { id: -1, leaf: -1, members: [], items: [], arrayFirst: false, memberColumns: [], itemColumns: [] };
}

function isLeafOnly(node: TemplateNode): boolean {
  return node.members.length === 0 && node.items.length === 0;
}

/** Every node of the tree, parents before their children, walked without recursion (headers may nest deeply). */
function nodesTopDown(root: TemplateNode): TemplateNode[] {
  const order: TemplateNode[] = [];
  const pending = [root];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    order.push(node);
    for (const member of node.members) pending.push(member.node);
    for (const item of node.items) if (item) pending.push(item);
  }
  return order;
}

/**
 * Collects each node's descendant columns, children before parents. Columns are appended one by one: a
 * spread of a wide subtree's columns into `push` would pass them all as call arguments and overflow the stack
 * (the 488,602 columns of MDN's browser-compat-data did).
 */
function collectColumns(order: readonly TemplateNode[]): void {
  const append = (into: number[], node: TemplateNode) => {
    if (node.leaf >= 0) into.push(node.leaf);
    for (const column of node.memberColumns) into.push(column);
    for (const column of node.itemColumns) into.push(column);
  };
  for (let n = order.length - 1; n >= 0; n--) {
    const node = order[n] as TemplateNode;
    for (const member of node.members) append(node.memberColumns, member.node);
    for (const item of node.items) if (item) append(node.itemColumns, item);
  }
}

function indexTemplate(order: readonly TemplateNode[], columns: number): TemplateIndex {
  order.forEach((node, id) => {
    node.id = id;
  });
  const index: TemplateIndex = {
    parent: new Int32Array(order.length).fill(-1),
    isItem: new Uint8Array(order.length),
    leafNode: new Int32Array(columns).fill(-1),
    nulls: new Float64Array(order.length),
  };
  for (const node of order) {
    if (node.leaf >= 0) index.leafNode[node.leaf] = node.id;
    for (const member of node.members) index.parent[member.node.id] = node.id;
    for (const item of node.items) {
      if (!item) continue;
      index.parent[item.id] = node.id;
      index.isItem[item.id] = 1;
    }
  }
  // Children before parents: an empty node is one null (a leaf's, or an absent array's), else its members' nulls.
  for (let n = order.length - 1; n >= 0; n--) {
    const node = order[n] as TemplateNode;
    let nulls = 0;
    if (node.leaf >= 0 || node.arrayFirst || node.members.length === 0) nulls = 1;
    else for (const member of node.members) nulls += index.nulls[member.node.id] ?? 0;
    index.nulls[node.id] = nulls;
  }
  return index;
}

/** Marks columns below nodes where two shapes compete: only those can be moved out (see csv-to-json docs). */
function conflictColumns(order: readonly TemplateNode[], out: Set<number>): void {
  for (const node of order) {
    const hasMembers = node.members.length > 0;
    const hasItems = node.items.length > 0;
    if (node.leaf >= 0 && (hasMembers || hasItems)) {
      for (const column of node.memberColumns) out.add(column);
      for (const column of node.itemColumns) out.add(column);
    } else if (hasMembers && hasItems) {
      for (const column of node.arrayFirst ? node.memberColumns : node.itemColumns) out.add(column);
    }
  }
}

/**
 * Compiles header names into the record shape. With `unflatten`, each header is split by
 * `decodeHeaderPath` (`a.b` nests, a canonical integer segment is an array index); a header whose
 * path another header already holds becomes a top-level key named by its text. Without it,
 * every header is a top-level key as written.
 */
export function compileRowTemplate(headers: readonly string[], separator: string, unflatten: boolean): RowTemplate {
  const root = newNode();
  const rootKeys = new Set<string>();
  const unique = (name: string): string => {
    let key = name;
    for (let suffix = 2; rootKeys.has(key); suffix++) key = `${name}_${suffix}`;
    rootKeys.add(key);
    return key;
  };
  const rootIndex = new Map<string, TemplateNode>();
  const memberIndex = new Map<TemplateNode, Map<string, TemplateNode>>();
  headers.forEach((header, column) => {
    if (!unflatten) {
      root.members.push({ key: unique(header), node: { ...newNode(), leaf: column } });
      return;
    }
    const path = decodeHeaderPath(header, separator);
    let node = root;
    for (const segment of path) {
      if (typeof segment === 'number') {
        if (node.members.length === 0) node.arrayFirst = true;
        let item = node.items[segment];
        if (!item) {
          item = newNode();
          node.items[segment] = item;
        }
        node = item;
        continue;
      }
      const index = node === root ? rootIndex : (memberIndex.get(node) ?? new Map<string, TemplateNode>());
      memberIndex.set(node, index);
      let child = index.get(segment);
      if (!child) {
        child = newNode();
        index.set(segment, child);
        node.members.push({ key: node === root ? unique(segment) : segment, node: child });
      }
      node = child;
    }
    if (node.leaf < 0) {
      node.leaf = column;
    } else {
      root.members.push({ key: unique(header), node: { ...newNode(), leaf: column } });
    }
  });
  const order = nodesTopDown(root);
  const index = indexTemplate(order, headers.length);
  collectColumns(order);
  // Holes must read as undefined, not as sparse-array gaps that iteration would skip.
  for (const node of order) node.items = Array.from(node.items);
  const movable = new Set<number>();
  conflictColumns(order, movable);
  const overflowKeys: (string | undefined)[] = headers.map(() => undefined);
  for (const column of [...movable].sort((a, b) => a - b)) overflowKeys[column] = unique(headers[column] ?? '');
  const flat = root.members.every((member, column) => isLeafOnly(member.node) && member.node.leaf === column);
  const extraKeys: string[] = [];
  return {
    root,
    flat,
    index,
    overflowKeys,
    extraKey(n) {
      while (extraKeys.length < n) extraKeys.push(unique(`_extra_${extraKeys.length + 1}`));
      return extraKeys[n - 1] ?? '';
    },
  };
}
