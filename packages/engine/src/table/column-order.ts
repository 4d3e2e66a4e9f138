import { decodeHeaderPath, type PathSegment } from '../header-path.js';

/** One array's columns while they are ordered: by element position, each element's in first-seen order. */
interface ArrayGroup {
  readonly elements: Map<number, number[]>;
  /** Where the array's path ends in every column path of the group (the segment after it is a position). */
  readonly depth: number;
}

/** A place in the order: one column, or every column of one array. */
type Unit = number | ArrayGroup;

/** Columns still to be ordered: `cols` in first-seen order, their paths sharing the first `from` segments. */
interface Scope {
  readonly cols: readonly number[];
  readonly from: number;
}

/**
 * The output order that keeps each array's columns together (the `groupArrayColumns` option): `items.0.sku`,
 * `items.0.qty`, `items.1.sku` side by side instead of `items.0.*`, `note`, `items.1.*` in first-seen order.
 * An array's columns take the place of its first column; inside, elements come by position and an element's
 * columns in first-seen order, an array inside an element grouped in turn. Columns outside arrays keep their
 * first-seen order. Answers `order[k]`, the first-seen column written at position k, or null when that is
 * the first-seen order already (nothing to move). Work waits on an explicit stack, as arrays may nest
 * thousands deep.
 */
export function groupedColumnOrder(headers: readonly string[], separator: string): number[] | null {
  const paths = headers.map((header) => decodeHeaderPath(header, separator));
  const order: number[] = [];
  const work: (number | Scope)[] = [{ cols: headers.map((_, col) => col), from: 0 }];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    if (typeof next === 'number') order.push(next);
    else {
      const units = unitsOf(next, paths);
      // Last unit first, so the first is popped first.
      for (let u = units.length - 1; u >= 0; u--) {
        const unit = units[u] as Unit;
        if (typeof unit === 'number') work.push(unit);
        else {
          const positions = [...unit.elements.keys()].sort((a, b) => b - a);
          for (const position of positions) {
            work.push({ cols: unit.elements.get(position) as number[], from: unit.depth + 1 });
          }
        }
      }
    }
  }
  return order.every((col, k) => col === k) ? null : order;
}

/** The places of a scope's columns in first-seen order: each column outside arrays, and each array below. */
function unitsOf({ cols, from }: Scope, paths: readonly PathSegment[][]): Unit[] {
  const units: Unit[] = [];
  const groups = new Map<string, ArrayGroup>();
  for (const col of cols) {
    const path = paths[col] as PathSegment[];
    // The first position below the prefix: the path before it names the array (a record key is never one).
    let at = Math.max(from, 1);
    while (at < path.length && typeof path[at] !== 'number') at++;
    if (at >= path.length) {
      units.push(col);
      continue;
    }
    // The segments from `from` to the array are keys, so their JSON text names the array within the scope.
    const name = JSON.stringify(path.slice(from, at));
    let group = groups.get(name);
    if (group === undefined) {
      group = { elements: new Map(), depth: at };
      groups.set(name, group);
      units.push(group);
    }
    const position = path[at] as number;
    const element = group.elements.get(position);
    if (element === undefined) group.elements.set(position, [col]);
    else element.push(col);
  }
  return units;
}
