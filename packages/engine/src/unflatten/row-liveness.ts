import type { TemplateIndex, TemplateNode } from './row-template.js';

/**
 * Which nodes of a record's shape hold a value below them, found from the columns that hold one (up
 * from each, stopping at a node already marked): O(set cells × depth) a record, however wide the header.
 * Marks are stamped with the record's number, so nothing is cleared between records.
 */
export class RowLiveness {
  private readonly live: Int32Array;
  private readonly membersLive: Int32Array;
  private readonly itemsLive: Int32Array;
  private stamp = 0;

  constructor(private readonly index: TemplateIndex) {
    const nodes = index.parent.length;
    this.live = new Int32Array(nodes);
    this.membersLive = new Int32Array(nodes);
    this.itemsLive = new Int32Array(nodes);
  }

  /** Starts a record; `set` is called for each column holding a value. */
  begin(): void {
    this.stamp++;
  }

  set(column: number): void {
    const { parent, isItem } = this.index;
    const stamp = this.stamp;
    let node = this.index.leafNode[column] ?? -1;
    if (node < 0 || this.live[node] === stamp) return;
    this.live[node] = stamp;
    for (let up = parent[node] ?? -1; up >= 0; node = up, up = parent[node] ?? -1) {
      if (isItem[node] === 1) this.itemsLive[up] = stamp;
      else this.membersLive[up] = stamp;
      if (this.live[up] === stamp) return;
      this.live[up] = stamp;
    }
  }

  /** A value is set at or below `node`. */
  isLive(node: TemplateNode): boolean {
    return this.live[node.id] === this.stamp;
  }

  /** A value is set below one of `node`'s object members. */
  hasLiveMembers(node: TemplateNode): boolean {
    return this.membersLive[node.id] === this.stamp;
  }

  /** A value is set below one of `node`'s array elements. */
  hasLiveItems(node: TemplateNode): boolean {
    return this.itemsLive[node.id] === this.stamp;
  }
}
