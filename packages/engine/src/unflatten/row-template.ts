import { decodeHeaderPath } from '../header-path.js';

/** One position in the nested shape of a record. */
export interface TemplateNode {
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
  /** Per column, the top-level key it is written under when its place is taken (see `unflatten`). */
  overflowKeys: (string | undefined)[];
  /** Key for the n-th (1-based) cell beyond the header in a ragged row: `_extra_1`, ... */
  extraKey(n: number): string;
}

function newNode(): TemplateNode {
  return { leaf: -1, members: [], items: [], arrayFirst: false, memberColumns: [], itemColumns: [] };
}

function isLeafOnly(node: TemplateNode): boolean {
  return node.members.length === 0 && node.items.length === 0;
}

/** Collects each node's descendant columns; returns all columns of the subtree, leaf included. */
function collectColumns(node: TemplateNode): number[] {
  for (const member of node.members) node.memberColumns.push(...collectColumns(member.node));
  for (const item of node.items) if (item) node.itemColumns.push(...collectColumns(item));
  const all = node.leaf >= 0 ? [node.leaf] : [];
  return all.concat(node.memberColumns, node.itemColumns);
}

/** Marks columns below nodes where two shapes compete: only those can be moved out (see csv-to-json docs). */
function conflictColumns(node: TemplateNode, out: Set<number>): void {
  const hasMembers = node.members.length > 0;
  const hasItems = node.items.length > 0;
  if (node.leaf >= 0 && (hasMembers || hasItems)) {
    for (const column of node.memberColumns) out.add(column);
    for (const column of node.itemColumns) out.add(column);
  } else if (hasMembers && hasItems) {
    for (const column of node.arrayFirst ? node.memberColumns : node.itemColumns) out.add(column);
  }
  for (const member of node.members) conflictColumns(member.node, out);
  for (const item of node.items) if (item) conflictColumns(item, out);
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
  collectColumns(root);
  // Holes must read as undefined, not as sparse-array gaps that iteration would skip.
  const fill = (node: TemplateNode): void => {
    node.items = Array.from(node.items);
    for (const member of node.members) fill(member.node);
    for (const item of node.items) if (item) fill(item);
  };
  fill(root);
  const movable = new Set<number>();
  conflictColumns(root, movable);
  const overflowKeys: (string | undefined)[] = headers.map(() => undefined);
  for (const column of [...movable].sort((a, b) => a - b)) overflowKeys[column] = unique(headers[column] ?? '');
  const flat = root.members.every((member, column) => isLeafOnly(member.node) && member.node.leaf === column);
  const extraKeys: string[] = [];
  return {
    root,
    flat,
    overflowKeys,
    extraKey(n) {
      while (extraKeys.length < n) extraKeys.push(unique(`_extra_${extraKeys.length + 1}`));
      return extraKeys[n - 1] ?? '';
    },
  };
}
