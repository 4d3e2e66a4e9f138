import type { PathSegment } from '../header-path.js';
import { RowLiveness } from '../unflatten/row-liveness.js';
import type { RowTemplate, TemplateNode } from '../unflatten/row-template.js';

/** Told, record by record, what `NestedRecordWriter` left out of a record. */
export type OmittedNullsSink = (record: OmittedNulls) => void;

/** Per template: one scratch liveness for answering `has`, and each object node's members by key. */
interface TemplateLookup {
  liveness: RowLiveness;
  /** The record whose marks `liveness` holds. */
  markedFor: OmittedNulls | null;
  members: Map<TemplateNode, Map<string, TemplateNode>>;
}

const lookups = new WeakMap<RowTemplate, TemplateLookup>();

/**
 * The nulls of one record that were not written: its members holding no value anywhere below them. In
 * full, each would have been written as the nulls `writeNode` gives an empty node. `count` is how many
 * null leaves that is; `has` tells whether one path (as `decodeHeaderPath` gives it) is one of them.
 */
export class OmittedNulls {
  /** The record's columns holding a value, ascending. */
  private readonly setColumns: Int32Array;

  constructor(
    private readonly template: RowTemplate,
    readonly count: number,
    setColumns: readonly number[],
  ) {
    this.setColumns = Int32Array.from(setColumns);
  }

  has(path: readonly PathSegment[]): boolean {
    if (this.count === 0) return false;
    const lookup = this.lookup();
    const liveness = lookup.liveness;
    let node = this.template.root;
    for (let i = 0; i < path.length; i++) {
      // `node` holds a value; `writeNode` wrote it as a leaf, an array (every written element whole unless it
      // holds a value), or an object of its live members, the others left out.
      const shape = node === this.template.root ? 'object' : this.shapeOf(node, liveness);
      const segment = path[i];
      if (shape === 'array') {
        const item = typeof segment === 'number' ? node.items[segment] : undefined;
        if (item === undefined || !liveness.isLive(item)) return false;
        node = item;
        continue;
      }
      const child = shape === 'object' ? this.member(lookup, node, segment) : undefined;
      if (child === undefined) return false;
      if (!liveness.isLive(child)) return this.emptyNodeHas(lookup, child, path, i + 1);
      node = child;
    }
    return false;
  }

  /** Mirrors `writeNode`'s choice for a node holding a value. */
  private shapeOf(node: TemplateNode, liveness: RowLiveness): 'leaf' | 'array' | 'object' {
    if (node.members.length === 0 && node.items.length === 0) return 'leaf';
    if (node.leaf >= 0 && this.holdsValue(node.leaf)) return 'leaf';
    const members = liveness.hasLiveMembers(node);
    const items = liveness.hasLiveItems(node);
    if (members && items) return node.arrayFirst ? 'array' : 'object';
    return members ? 'object' : 'array';
  }

  /** Whether the rest of `path` from `i` is a null of the empty `node` written whole. */
  private emptyNodeHas(lookup: TemplateLookup, start: TemplateNode, path: readonly PathSegment[], i: number): boolean {
    let node = start;
    for (let at = i; ; at++) {
      if (node.leaf >= 0 || node.arrayFirst || node.members.length === 0) return at === path.length;
      if (at === path.length) return false;
      const child = this.member(lookup, node, path[at]);
      if (child === undefined) return false;
      node = child;
    }
  }

  private holdsValue(column: number): boolean {
    const columns = this.setColumns;
    let low = 0;
    let high = columns.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const value = columns[middle] ?? 0;
      if (value === column) return true;
      if (value < column) low = middle + 1;
      else high = middle - 1;
    }
    return false;
  }

  private member(
    lookup: TemplateLookup,
    node: TemplateNode,
    segment: PathSegment | undefined,
  ): TemplateNode | undefined {
    if (typeof segment !== 'string') return undefined;
    let byKey = lookup.members.get(node);
    if (byKey === undefined) {
      byKey = new Map(node.members.map((member) => [member.key, member.node]));
      lookup.members.set(node, byKey);
    }
    return byKey.get(segment);
  }

  private lookup(): TemplateLookup {
    let lookup = lookups.get(this.template);
    if (lookup === undefined) {
      lookup = { liveness: new RowLiveness(this.template.index), markedFor: null, members: new Map() };
      lookups.set(this.template, lookup);
    }
    if (lookup.markedFor !== this) {
      lookup.liveness.begin();
      for (const column of this.setColumns) lookup.liveness.set(column);
      lookup.markedFor = this;
    }
    return lookup;
  }
}
