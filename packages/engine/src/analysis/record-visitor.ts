import type { LeafVisitor } from './leaf-walker.js';

// Its own module so that options.ts can name it without importing the reader (which imports options.ts).
/** Receives the records of a JSON document one at a time, leaf by leaf. */
export interface RecordVisitor extends LeafVisitor {
  startRecord(): void;
  /** `depth`: the record's nesting depth (1 for a flat object). */
  endRecord(depth: number): void;
}
