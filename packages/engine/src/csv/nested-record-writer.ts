import type { OutputBuffer } from '../json-out/output-buffer.js';
import type { RowTemplate, TemplateNode } from '../unflatten/row-template.js';
import { KIND_NULL } from './cell-kind.js';
import type { CsvParser } from './csv-parser.js';
import { type JsonRecordOutput, NULL_BYTES, RECORD_LEVEL } from './json-record-output.js';
import { type RecordCells, recordCellKind, writeExtraCells } from './record-cells.js';

/**
 * Writes records whose header nests (`a.b`, `tags.0`): each record becomes the template's shape,
 * filled with the kinds its cells infer. The rules for competing columns are at `writeNode`.
 */
export class NestedRecordWriter {
  /** The KIND_* of each column's cell in the record being written (KIND_NULL past its last cell). */
  private readonly kinds: Uint8Array;
  /** Cells the record holds, at most `columns`. */
  private present = 0;
  /** Columns whose value lost to a competing one and moves to a top-level key. */
  private overflow: number[] = [];
  private readonly parser: CsvParser;
  private readonly output: JsonRecordOutput;
  private readonly out: OutputBuffer;

  constructor(
    private readonly cells: RecordCells,
    private readonly template: RowTemplate,
    /** The header's column count. */
    private readonly columns: number,
  ) {
    this.kinds = new Uint8Array(columns);
    this.parser = cells.parser;
    this.output = cells.output;
    this.out = cells.output.out;
  }

  /** Writes the record of `count` cells the parser holds. */
  write(data: Uint8Array, count: number): void {
    const { utf8 } = this.cells;
    const { starts, ends, flags } = this.parser;
    const output = this.output;
    const template = this.template;
    const present = Math.min(count, this.columns);
    this.present = present;
    for (let c = 0; c < present; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      utf8.check(data, start, end, cellFlags);
      this.kinds[c] = recordCellKind(this.cells, c, data, start, end, cellFlags);
    }
    this.kinds.fill(KIND_NULL, present);
    this.overflow = [];
    this.out.writeByte(0x7b);
    let first = true;
    for (const member of template.root.members) {
      output.beginMember(first, member.key, RECORD_LEVEL);
      first = false;
      this.writeNode(data, member.node, RECORD_LEVEL + 1);
    }
    for (const column of this.overflow) {
      output.beginMember(first, template.overflowKeys[column] ?? '', RECORD_LEVEL);
      first = false;
      this.writeColumn(data, column, RECORD_LEVEL + 1);
    }
    if (count > this.columns) writeExtraCells(this.cells, template, data, this.columns, count, first);
    output.close(0x7d, RECORD_LEVEL, false);
  }

  /**
   * Writes the value at one node of the shape. Where a leaf (`a`) and nested columns (`a.b`)
   * compete, the one that holds a non-null value wins; when both do, the leaf stays and the
   * nested columns move to top-level keys named by their header. Objects and arrays compete
   * the same way (the shape seen first in the header stays). Trailing array elements with no
   * value are dropped, so `tags.0`..`tags.2` give `["x"]` for a row holding only `tags.0`, and
   * `null` for a row holding none of them.
   */
  private writeNode(data: Uint8Array, node: TemplateNode, level: number): void {
    if (node.members.length === 0 && node.items.length === 0) {
      this.writeColumn(data, node.leaf, level);
      return;
    }
    const membersSet = this.anySet(node.memberColumns);
    const itemsSet = this.anySet(node.itemColumns);
    if (!membersSet && !itemsSet) {
      // An array with no value in any position is an absent array: json2csv writes a real empty one as `[]`.
      if (node.leaf >= 0) this.writeColumn(data, node.leaf, level);
      else if (node.arrayFirst) this.out.write(NULL_BYTES);
      else this.writeObject(data, node, level);
      return;
    }
    if (node.leaf >= 0 && this.kinds[node.leaf] !== KIND_NULL) {
      this.writeColumn(data, node.leaf, level);
      this.moveOut(node.memberColumns);
      this.moveOut(node.itemColumns);
      return;
    }
    if (membersSet && itemsSet) {
      if (node.arrayFirst) {
        this.writeArray(data, node, level);
        this.moveOut(node.memberColumns);
      } else {
        this.writeObject(data, node, level);
        this.moveOut(node.itemColumns);
      }
      return;
    }
    if (membersSet) this.writeObject(data, node, level);
    else this.writeArray(data, node, level);
  }

  private writeObject(data: Uint8Array, node: TemplateNode, level: number): void {
    const output = this.output;
    this.out.writeByte(0x7b);
    let first = true;
    for (const member of node.members) {
      output.beginMember(first, member.key, level);
      first = false;
      this.writeNode(data, member.node, level + 1);
    }
    output.close(0x7d, level, first);
  }

  private writeArray(data: Uint8Array, node: TemplateNode, level: number): void {
    const output = this.output;
    let last = node.items.length - 1;
    while (last >= 0) {
      const item = node.items[last];
      if (item && this.subtreeSet(item)) break;
      last--;
    }
    this.out.writeByte(0x5b);
    for (let index = 0; index <= last; index++) {
      output.beginElement(index === 0, level);
      const item = node.items[index];
      if (item) this.writeNode(data, item, level + 1);
      else this.out.write(NULL_BYTES);
    }
    output.close(0x5d, level, last < 0);
  }

  private subtreeSet(node: TemplateNode): boolean {
    return (
      (node.leaf >= 0 && this.kinds[node.leaf] !== KIND_NULL) ||
      this.anySet(node.memberColumns) ||
      this.anySet(node.itemColumns)
    );
  }

  private anySet(columns: readonly number[]): boolean {
    for (const column of columns) if (this.kinds[column] !== KIND_NULL) return true;
    return false;
  }

  private moveOut(columns: readonly number[]): void {
    for (const column of columns) if (this.kinds[column] !== KIND_NULL) this.overflow.push(column);
  }

  private writeColumn(data: Uint8Array, column: number, level: number): void {
    if (column < 0 || column >= this.present) {
      this.out.write(NULL_BYTES);
      return;
    }
    const { starts, ends, flags } = this.parser;
    const start = starts[column] ?? 0;
    this.output.writeValue(
      data,
      start,
      ends[column] ?? start,
      flags[column] ?? 0,
      this.kinds[column] ?? KIND_NULL,
      level,
    );
  }
}
