import type { PathNode } from './column-set.js';

/** Kinds of what the flattener reports to a `LeafObserver`. */
export const LEAF_STRING = 0;
export const LEAF_NUMBER = 1;
export const LEAF_BOOLEAN = 2;
export const LEAF_NULL = 3;
export const LEAF_EMPTY_OBJECT = 4;
export const LEAF_EMPTY_ARRAY = 5;

/**
 * Sees what the record flattener (`index` array strategy) finds while it converts, so an analysis needs no
 * second walk of the record: each leaf with its path and its length, each non-empty container. A record may
 * be read again from its start when its bytes were incomplete, so an observer applies what it saw only at
 * `endRecord`.
 */
export interface LeafObserver {
  /** A record starts (again, if the previous attempt lacked bytes). */
  startRecord(): void;
  /**
   * A leaf at `node`, and its length: a string's characters (code points, as the cell writer counted them),
   * a number's or `true`/`false`'s bytes as written; 0 for null and empty containers.
   */
  leaf(node: PathNode, kind: number, length: number): void;
  /** A non-empty container opened at `node` (null for the record object itself), `depth` levels deep (1: the record). */
  open(node: PathNode | null, array: boolean, depth: number): void;
  /** A non-empty array at `node` closed after `size` elements. */
  closeArray(node: PathNode, size: number): void;
  /** The record was read whole. */
  endRecord(): void;
}
