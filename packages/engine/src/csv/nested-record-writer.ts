import type { OutputBuffer } from '../json-out/output-buffer.js';
import { RowLiveness } from '../unflatten/row-liveness.js';
import type { RowTemplate, TemplateNode } from '../unflatten/row-template.js';
import { KIND_NULL } from './cell-kind.js';
import type { CsvParser } from './csv-parser.js';
import { type JsonRecordOutput, NULL_BYTES, RECORD_LEVEL } from './json-record-output.js';
import { OmittedNulls, type OmittedNullsSink } from './omitted-nulls.js';
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
  /** Which parts of the record hold a value. */
  private readonly liveness: RowLiveness;
  /** The columns of the record holding a value, in order (kept only for `onOmittedNulls`). */
  private readonly setColumns: number[] = [];
  /** Nulls of the record's full form left unwritten (with `onOmittedNulls`). */
  private omitted = 0;

  constructor(
    private readonly cells: RecordCells,
    private readonly template: RowTemplate,
    /** The header's column count. */
    private readonly columns: number,
    /**
     * When given, members holding no value anywhere below them are left out of each record instead of
     * written as nulls (or objects of nulls), and this is told what was left out, record by record. For a
     * wide, sparse table (a comparison's read-back) that is the difference between a few cells a record and
     * the whole header.
     */
    private readonly onOmittedNulls?: OmittedNullsSink | undefined,
  ) {
    this.kinds = new Uint8Array(columns);
    this.liveness = new RowLiveness(template.index);
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
    const liveness = this.liveness;
    const sparse = this.onOmittedNulls !== undefined;
    this.present = present;
    this.setColumns.length = 0;
    this.omitted = 0;
    liveness.begin();
    for (let c = 0; c < present; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      utf8.check(data, start, end, cellFlags);
      const kind = recordCellKind(this.cells, c, data, start, end, cellFlags);
      this.kinds[c] = kind;
      if (kind === KIND_NULL) continue;
      liveness.set(c);
      if (sparse) this.setColumns.push(c);
    }
    this.kinds.fill(KIND_NULL, present);
    this.overflow = [];
    this.out.writeByte(0x7b);
    // A record holding nothing is written whole: left out, its members would leave `{}`, which is not its shape.
    const skip = sparse && this.setColumns.length > 0;
    let first = true;
    for (const member of template.root.members) {
      if (skip && !liveness.isLive(member.node)) {
        this.omitted += template.index.nulls[member.node.id] ?? 0;
        continue;
      }
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
    this.onOmittedNulls?.(new OmittedNulls(template, this.omitted, this.setColumns));
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
    const membersSet = this.liveness.hasLiveMembers(node);
    const itemsSet = this.liveness.hasLiveItems(node);
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
    // Only below a node holding a value: an empty node is written whole, as `writeNode` says.
    const skip = this.onOmittedNulls !== undefined && this.liveness.isLive(node);
    let first = true;
    for (const member of node.members) {
      if (skip && !this.liveness.isLive(member.node)) {
        this.omitted += this.template.index.nulls[member.node.id] ?? 0;
        continue;
      }
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
      if (item && this.liveness.isLive(item)) break;
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
