import { ConversionError } from '../errors.js';
import { unguardFormula } from '../formula-guard.js';
import { isJsonNumber } from '../infer/number-literal.js';
import { writeJsonText } from '../json-out/json-text-writer.js';
import type { OutputBuffer } from '../json-out/output-buffer.js';
import { jsonStringBytes, writeJsonString } from '../json-out/string-writer.js';
import type { NormalizedCsvToJsonOptions } from '../options.js';
import { compileRowTemplate, type RowTemplate, type TemplateNode } from '../unflatten/row-template.js';
import { findInvalidUtf8 } from '../utf8/utf8-sequence.js';
import type { Utf8Trust } from '../utf8/utf8-trust.js';
import { cellBytes } from './cell-bytes.js';
import { CELL_DOUBLED, CELL_HIGH, CELL_NEEDS_REWRITE, CELL_QUOTED, CELL_TRAILING } from './cell-flags.js';
import {
  cellKind,
  type InferenceRules,
  KIND_FALSE,
  KIND_GUARDED_STRING,
  KIND_JSON,
  KIND_NULL,
  KIND_NUMBER,
  KIND_STRING,
  KIND_TRUE,
} from './cell-kind.js';
import { CsvParser } from './csv-parser.js';
import { FlatRecordWriter } from './flat-record-writer.js';
import { uniqueHeaderNames } from './header-names.js';

const QUOTE = 0x22;
const encoder = new TextEncoder();
const NULL_BYTES = encoder.encode('null');
const TRUE_BYTES = encoder.encode('true');
const FALSE_BYTES = encoder.encode('false');

/** Where a record's object sits when pretty printing: one level inside the top-level array. */
const RECORD_LEVEL = 1;

/**
 * Turns parsed CSV records into JSON bytes: the header row becomes a precompiled row template,
 * and each later record is written straight from the input bytes into the output buffer.
 *
 * Layout: compact output is `[`, one record per line, `]`; `pretty` indents with two spaces like
 * `JSON.stringify(value, null, 2)`; `ndjson` writes one compact record per line (and wins over
 * `pretty`).
 */
export class RecordConverter {
  private readonly parser: CsvParser;
  private readonly rules: InferenceRules;
  private readonly pretty: boolean;
  private readonly keyTokens = new Map<string, Uint8Array>();
  private readonly indents: Uint8Array[] = [];
  private template: RowTemplate | undefined;
  private columns = 0;
  /** Flat records: what is written before each column's value (`{"a":`, `,"b":`), all columns in a row. */
  private prefixBytes: Uint8Array = new Uint8Array(0);
  /** Where each column's prefix ends in `prefixBytes`. */
  private prefixEnds = new Int32Array(0);
  private readonly recordEnd: Uint8Array;
  private readonly colon: Uint8Array;
  private readonly firstRecordStart: Uint8Array;
  private readonly recordStart: Uint8Array;
  private kinds = new Uint8Array(0);
  private present = 0;
  private overflow: number[] = [];
  private records = 0;
  private widest = 0;
  /** Takes over flat records once the first is written (see FlatRecordWriter). */
  private flatWriter: FlatRecordWriter | undefined;
  private readonly delimiter: number;

  constructor(
    private readonly out: OutputBuffer,
    private readonly options: NormalizedCsvToJsonOptions,
    delimiter: string,
    private readonly trust: Utf8Trust,
  ) {
    this.pretty = options.pretty && !options.ndjson;
    this.delimiter = delimiter.charCodeAt(0);
    this.rules = { types: options.types && options.header, excelSafe: options.excelSafe };
    this.recordEnd = encoder.encode(this.pretty ? '\n  }' : '}');
    this.colon = encoder.encode(this.pretty ? ': ' : ':');
    this.firstRecordStart = encoder.encode(this.pretty ? '[\n  ' : '[\n');
    this.recordStart = encoder.encode(this.pretty ? ',\n  ' : ',\n');
    this.parser = new CsvParser(delimiter.charCodeAt(0), options.maxFieldBytes, (data, count) => {
      if (!options.header) this.writeArrayRecord(data, count);
      else if (this.template === undefined) this.readHeader(data, count);
      else this.writeRecord(data, count);
    });
    if (options.header) this.parser.headerRows = 1;
  }

  /** Converts the next chunk of UTF-8 input. */
  push(chunk: Uint8Array): void {
    this.parser.push(chunk);
  }

  /** Converts the rest of the input, closes the JSON and reports the summary. */
  end(): void {
    this.parser.end();
    if (!this.options.ndjson) this.writeText(this.recordsWritten() > 0 ? '\n]\n' : '[]\n');
    this.options.onNotice?.({
      kind: 'summary',
      records: this.recordsWritten(),
      columns: this.options.header ? this.columns : this.widest,
    });
  }

  private readHeader(data: Uint8Array, count: number): void {
    const { starts, ends, flags } = this.parser;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const names: string[] = [];
    for (let c = 0; c < count; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      this.checkUtf8(data, start, end, cellFlags);
      const name = decoder.decode(cellBytes(data, start, end, cellFlags));
      names.push(this.rules.excelSafe ? unguardFormula(name) : name);
    }
    const headers = uniqueHeaderNames(names, this.options.onNotice);
    const template = compileRowTemplate(headers, this.options.separator, this.options.unflatten);
    this.template = template;
    this.columns = headers.length;
    this.kinds = new Uint8Array(headers.length);
    if (template.flat) {
      const prefixes = template.root.members.map((member, column) =>
        this.concat(column === 0 ? '{' : ',', this.pretty ? '\n    ' : '', this.keyToken(member.key), this.colon),
      );
      this.prefixBytes = this.concat(...prefixes);
      this.prefixEnds = new Int32Array(prefixes.length);
      let end = 0;
      prefixes.forEach((prefix, column) => {
        end += prefix.length;
        this.prefixEnds[column] = end;
      });
      if (FlatRecordWriter.fits(this.prefixBytes, this.columns)) {
        const layout = {
          lead: this.options.ndjson ? new Uint8Array(0) : this.recordStart,
          prefixes: this.prefixBytes,
          prefixEnds: this.prefixEnds,
          tail: this.options.ndjson ? this.concat(this.recordEnd, '\n') : this.recordEnd,
        };
        this.flatWriter = new FlatRecordWriter(
          this.out,
          layout,
          this.delimiter,
          this.rules.types,
          this.rules.excelSafe,
          this.trust,
        );
      }
    }
  }

  private writeRecord(data: Uint8Array, count: number): void {
    const { starts, ends, flags } = this.parser;
    // A blank line is a record only when it can hold one: with a single column it is that column's empty cell.
    if (count === 1 && this.columns > 1 && starts[0] === ends[0] && flags[0] === 0) return;
    const template = this.template;
    if (template === undefined) return;
    if (count !== this.columns) {
      this.options.onNotice?.({
        kind: 'ragged-row',
        line: this.parser.rowLine,
        record: this.recordsWritten() + 1,
        expected: this.columns,
        actual: count,
      });
    }
    this.beginRecord();
    if (template.flat) this.writeFlatRecord(data, count);
    else this.writeNestedRecord(data, count, template);
    this.records++;
    if (this.options.ndjson) this.out.writeByte(0x0a);
    // From the second record on, `,\n` leads every record: the shortcut writes it unconditionally.
    if (this.records === 1 && this.flatWriter !== undefined) this.parser.shortcut = this.flatWriter;
  }

  /** Records written so far, by the general path and the shortcut. */
  private recordsWritten(): number {
    return this.records + (this.flatWriter?.total ?? 0);
  }

  /** The general path: every column a top-level key, written straight into the output buffer. */
  private writeFlatRecord(data: Uint8Array, count: number): void {
    const { starts, ends, flags } = this.parser;
    const out = this.out;
    const columns = this.columns;
    const present = Math.min(count, columns);
    const typed = this.rules.types;
    const guarded = this.rules.excelSafe;
    const prefixes = this.prefixBytes;
    const prefixEnds = this.prefixEnds;
    const rowBytes = count > 0 ? (ends[count - 1] ?? 0) - (starts[0] ?? 0) : 0;
    // Room for every prefix and every cell unescaped; escaping writers reserve their own.
    const reserve = prefixes.length + rowBytes + 8 * columns + 64;
    out.ensure(reserve);
    let buffer = out.buffer;
    let p = out.position;
    let k = 0;
    for (let c = 0; c < columns; c++) {
      const prefixEnd = prefixEnds[c] ?? 0;
      while (k < prefixEnd) buffer[p++] = prefixes[k++] ?? 0;
      let kind = KIND_NULL;
      let start = 0;
      let end = 0;
      let cellFlags = 0;
      if (c < present) {
        start = starts[c] ?? 0;
        end = ends[c] ?? 0;
        cellFlags = flags[c] ?? 0;
        if ((cellFlags & CELL_HIGH) !== 0) this.checkUtf8(data, start, end, cellFlags);
        const first = data[start] ?? 0;
        // Common cells are classified inline; the rest go through cellKind.
        if (!typed || guarded || first === 0x5b || first === 0x7b) {
          kind = cellKind(data, start, end, cellFlags, this.rules);
        } else if ((cellFlags & CELL_QUOTED) !== 0) {
          kind = KIND_STRING;
        } else if (start === end) {
          kind = KIND_NULL;
        } else if ((first >= 0x30 && first <= 0x39) || first === 0x2d) {
          kind = isJsonNumber(data, start, end) ? KIND_NUMBER : KIND_STRING;
        } else if (first === 0x74 || first === 0x66) {
          kind = cellKind(data, start, end, cellFlags, this.rules);
        } else {
          kind = KIND_STRING;
        }
      }
      if (kind === KIND_STRING && (cellFlags & CELL_NEEDS_REWRITE) === 0) {
        buffer[p++] = QUOTE;
        for (let i = start; i < end; i++) buffer[p++] = data[i] ?? 0;
        buffer[p++] = QUOTE;
      } else if (kind === KIND_NUMBER) {
        for (let i = start; i < end; i++) buffer[p++] = data[i] ?? 0;
      } else if (kind === KIND_NULL) {
        buffer[p++] = 0x6e;
        buffer[p++] = 0x75;
        buffer[p++] = 0x6c;
        buffer[p++] = 0x6c;
      } else {
        out.position = p;
        this.writeValue(data, start, end, cellFlags, kind, RECORD_LEVEL + 1);
        out.ensure(reserve);
        buffer = out.buffer;
        p = out.position;
      }
    }
    out.position = p;
    if (count > columns) this.writeExtras(data, count, false);
    out.write(this.recordEnd);
  }

  private writeNestedRecord(data: Uint8Array, count: number, template: RowTemplate): void {
    const { starts, ends, flags } = this.parser;
    const present = Math.min(count, this.columns);
    this.present = present;
    for (let c = 0; c < present; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      if ((cellFlags & CELL_HIGH) !== 0) this.checkUtf8(data, start, end, cellFlags);
      this.kinds[c] = cellKind(data, start, end, cellFlags, this.rules);
    }
    this.kinds.fill(KIND_NULL, present);
    this.overflow = [];
    this.out.writeByte(0x7b);
    let first = true;
    for (const member of template.root.members) {
      this.beginMember(first, member.key, RECORD_LEVEL);
      first = false;
      this.writeNode(data, member.node, RECORD_LEVEL + 1);
    }
    for (const column of this.overflow) {
      this.beginMember(first, template.overflowKeys[column] ?? '', RECORD_LEVEL);
      first = false;
      this.writeColumn(data, column, RECORD_LEVEL + 1);
    }
    if (count > this.columns) this.writeExtras(data, count, first);
    this.close(0x7d, RECORD_LEVEL, false);
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
    this.out.writeByte(0x7b);
    let first = true;
    for (const member of node.members) {
      this.beginMember(first, member.key, level);
      first = false;
      this.writeNode(data, member.node, level + 1);
    }
    this.close(0x7d, level, first);
  }

  private writeArray(data: Uint8Array, node: TemplateNode, level: number): void {
    let last = node.items.length - 1;
    while (last >= 0) {
      const item = node.items[last];
      if (item && this.subtreeSet(item)) break;
      last--;
    }
    this.out.writeByte(0x5b);
    for (let index = 0; index <= last; index++) {
      this.beginElement(index === 0, level);
      const item = node.items[index];
      if (item) this.writeNode(data, item, level + 1);
      else this.out.write(NULL_BYTES);
    }
    this.close(0x5d, level, last < 0);
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
    this.writeValue(data, start, ends[column] ?? start, flags[column] ?? 0, this.kinds[column] ?? KIND_NULL, level);
  }

  /** Cells beyond the header go under `_extra_1`, `_extra_2`, ... at the top level. */
  private writeExtras(data: Uint8Array, count: number, first: boolean): void {
    const template = this.template;
    if (template === undefined) return;
    const { starts, ends, flags } = this.parser;
    for (let c = this.columns; c < count; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      this.checkUtf8(data, start, end, cellFlags);
      this.beginMember(first && c === this.columns, template.extraKey(c - this.columns + 1), RECORD_LEVEL);
      this.writeValue(data, start, end, cellFlags, cellKind(data, start, end, cellFlags, this.rules), RECORD_LEVEL + 1);
    }
  }

  /** Without a header, each record is an array of strings. */
  private writeArrayRecord(data: Uint8Array, count: number): void {
    const { starts, ends, flags } = this.parser;
    this.beginRecord();
    this.out.writeByte(0x5b);
    for (let c = 0; c < count; c++) {
      const start = starts[c] ?? 0;
      const end = ends[c] ?? 0;
      const cellFlags = flags[c] ?? 0;
      this.checkUtf8(data, start, end, cellFlags);
      this.beginElement(c === 0, RECORD_LEVEL);
      this.writeValue(data, start, end, cellFlags, cellKind(data, start, end, cellFlags, this.rules), RECORD_LEVEL + 1);
    }
    this.close(0x5d, RECORD_LEVEL, count === 0);
    if (count > this.widest) this.widest = count;
    this.records++;
    if (this.options.ndjson) this.out.writeByte(0x0a);
  }

  private writeValue(data: Uint8Array, start: number, end: number, flags: number, kind: number, level: number): void {
    const out = this.out;
    const unquote = (flags & (CELL_DOUBLED | CELL_TRAILING)) !== 0;
    switch (kind) {
      case KIND_NULL:
        out.write(NULL_BYTES);
        return;
      case KIND_TRUE:
        out.write(TRUE_BYTES);
        return;
      case KIND_FALSE:
        out.write(FALSE_BYTES);
        return;
      case KIND_NUMBER:
        out.write(data.subarray(start, end));
        return;
      case KIND_JSON: {
        const text = unquote ? cellBytes(data, start, end, flags) : data.subarray(start, end);
        writeJsonText(out, text, 0, text.length, this.pretty, level);
        return;
      }
      case KIND_GUARDED_STRING:
        writeJsonString(out, data, start + 1, end, unquote);
        return;
      default:
        writeJsonString(out, data, start, end, unquote);
    }
  }

  private beginRecord(): void {
    if (this.options.ndjson) return;
    this.out.write(this.recordsWritten() === 0 ? this.firstRecordStart : this.recordStart);
  }

  private beginMember(first: boolean, key: string, level: number): void {
    if (!first) this.out.writeByte(0x2c);
    if (this.pretty) this.out.write(this.indent(level + 1));
    this.out.write(this.keyToken(key));
    this.out.write(this.colon);
  }

  private beginElement(first: boolean, level: number): void {
    if (!first) this.out.writeByte(0x2c);
    if (this.pretty) this.out.write(this.indent(level + 1));
  }

  private close(byte: number, level: number, empty: boolean): void {
    if (this.pretty && !empty) this.out.write(this.indent(level));
    this.out.writeByte(byte);
  }

  /** A line break and the indentation of `level`. */
  private indent(level: number): Uint8Array {
    const cached = this.indents[level];
    if (cached !== undefined) return cached;
    const bytes = encoder.encode(`\n${'  '.repeat(level)}`);
    this.indents[level] = bytes;
    return bytes;
  }

  private keyToken(key: string): Uint8Array {
    let token = this.keyTokens.get(key);
    if (token === undefined) {
      token = jsonStringBytes(key);
      this.keyTokens.set(key, token);
    }
    return token;
  }

  private concat(...parts: (string | Uint8Array)[]): Uint8Array {
    const bytes = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : part));
    const joined = new Uint8Array(bytes.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of bytes) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }

  private writeText(text: string): void {
    this.out.write(encoder.encode(text));
  }

  private checkUtf8(data: Uint8Array, start: number, end: number, flags: number): void {
    if ((flags & CELL_HIGH) === 0 || this.trust.trusted) return;
    const bad = findInvalidUtf8(data, start, end);
    if (bad < 0) return;
    const position = this.parser.locate(data, bad);
    throw new ConversionError(
      'INVALID_UTF8',
      `Invalid UTF-8 byte 0x${(data[bad] ?? 0).toString(16).padStart(2, '0')}${(flags & CELL_QUOTED) !== 0 ? ' in a quoted field' : ''}`,
      { ...position, record: this.recordsWritten() + 1 },
    );
  }
}
