import type { ByteSource } from '../byte-source.js';
import { encodeHeaderPath } from '../header-path.js';
import { PathTrie, type TrackedPath } from './path-trie.js';
import { type RecordReaderOptions, readRecords } from './record-reader.js';
import type { RecordVisitor } from './record-visitor.js';
import { type CellSink, RecordWalker } from './record-walker.js';
import type { JsonType } from './report.js';
import type { Utf8Text } from './utf8-text.js';

/** One cell of a flattened record. */
export interface FlatValue {
  type: JsonType;
  text: string;
}

/** A record as its cells by path, in first-seen order; a repeated key keeps its last value, as json2csv does. */
export interface FlatRecord {
  cells: Map<string, FlatValue>;
  depth: number;
  /** The paths of the record whose key held a lone surrogate escape (see `TrackedPath.replacedKey`), or null. */
  replacedKeys: ReadonlySet<TrackedPath> | null;
}

/** Stops an abandoned reader at its next chunk. */
const STOP: unique symbol = Symbol('stop reading');

class FlatRecordCollector implements RecordVisitor, CellSink {
  readonly ready: FlatRecord[] = [];
  private current = new Map<string, FlatValue>();
  private replacedKeys: Set<TrackedPath> | null = null;
  // Every path is tracked: a comparison lists the paths of both sides anyway.
  private readonly walker: RecordWalker;

  constructor(
    readonly separator: string,
    private readonly keyColumn: string | undefined,
  ) {
    this.walker = new RecordWalker(new PathTrie(separator, Number.POSITIVE_INFINITY), this);
  }

  /** The map key of the next record, compared as a cell of the plan's key column. */
  private key: string | null = null;

  recordKey(key: string): void {
    this.key = key;
  }

  record(buf: Uint8Array, i: number, end: number): number {
    this.current = new Map();
    this.replacedKeys = null;
    if (this.key !== null && this.keyColumn !== undefined) {
      this.current.set(encodeHeaderPath([this.keyColumn], this.separator), { type: 'string', text: this.key });
    }
    const after = this.walker.walk(buf, i, end);
    this.ready.push({ cells: this.current, depth: this.walker.depth, replacedKeys: this.replacedKeys });
    return after;
  }
  row(buf: Uint8Array, end: number, cells: readonly (readonly [number, number])[], names: readonly string[]): void {
    this.current = new Map();
    this.replacedKeys = null;
    this.walker.row(buf, end, cells, names);
    this.ready.push({ cells: this.current, depth: 1, replacedKeys: this.replacedKeys });
  }
  cell(path: TrackedPath, type: JsonType, value: Utf8Text): void {
    this.current.set(path.header ?? '', { type, text: value.text() });
    if (path.replacedKey !== null) this.noteReplacedKey(path.replacedKey);
  }
  container(path: TrackedPath): void {
    if (path.replacedKey !== null) this.noteReplacedKey(path.replacedKey);
  }
  private noteReplacedKey(path: TrackedPath): void {
    this.replacedKeys ??= new Set();
    this.replacedKeys.add(path);
  }
  duplicateKey(): void {}
  untracked(): void {}
}

/**
 * The records of a JSON document as flat records, pulled one at a time: the document is read only as far
 * as needed, so two of these can be walked side by side in bounded memory.
 */
export async function* flatRecords(
  input: ByteSource,
  options: RecordReaderOptions & { keyColumn?: string | undefined },
): AsyncGenerator<FlatRecord> {
  const collector = new FlatRecordCollector(options.separator, options.keyColumn);
  // The reader pushes and this generator pulls: after each input chunk that gave records the reader
  // pauses until they are taken, so at most one chunk's records wait in memory.
  let wakeConsumer: (() => void) | null = null;
  let resumeReader: (() => void) | null = null;
  let abandoned = false;
  let finished = false;
  let failure: { error: unknown } | null = null;
  const wake = () => {
    const consumer = wakeConsumer;
    wakeConsumer = null;
    consumer?.();
  };
  const reading = readRecords(input, options, collector, async () => {
    if (abandoned) throw STOP;
    if (collector.ready.length === 0) return;
    await new Promise<void>((resume) => {
      resumeReader = resume;
      wake();
    });
    if (abandoned) throw STOP;
  }).then(
    () => {
      finished = true;
      wake();
    },
    (error: unknown) => {
      if (error !== STOP) failure = { error };
      finished = true;
      wake();
    },
  );
  const resume = () => {
    const reader = resumeReader;
    resumeReader = null;
    reader?.();
  };
  try {
    for (;;) {
      if (collector.ready.length === 0 && !finished) {
        await new Promise<void>((consumer) => {
          wakeConsumer = consumer;
          resume();
        });
      }
      if (failure !== null) throw (failure as { error: unknown }).error;
      for (const record of collector.ready.splice(0)) yield record;
      if (finished && collector.ready.length === 0) return;
    }
  } finally {
    abandoned = true;
    resume();
    await reading;
  }
}
