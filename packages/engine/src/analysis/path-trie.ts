import { appendHeaderSegment } from '../header-path.js';
import { keyReplacedLoneSurrogate } from '../json/json-string.js';
import { FieldStats } from './field-stats.js';
import { type Hash53, hashText } from './value-hash.js';

const EMPTY = new Uint8Array(0);

/**
 * One path the analysis tracks: its statistics and its place in the trie of paths. Object keys are found by
 * prediction first, as the converter's trie does (`flatten/column-set.ts`): `first` and `next` remember the
 * key order of the last object seen here, so records of one shape compare key bytes and build no string.
 */
export class TrackedPath {
  first: TrackedPath | null = null;
  next: TrackedPath | null = null;
  /** The number of the object that last held this key: seen again in the same object, the key repeats. */
  lastObject = -1;
  children: Map<string, TrackedPath> | null = null;
  /**
   * The path, this one or one above it, whose key held a lone surrogate escape (`"a\ud800"`): decoded, and in
   * json2csv's header, it has U+FFFD in its place. Null when no key of the path held one.
   */
  replacedKey: TrackedPath | null = null;
  items: TrackedPath[] | null = null;
  private statistics: FieldStats | null = null;
  /** Hash of the header, so a record's hash can include where each value sits. */
  readonly hash: Hash53;

  constructor(
    /** The header json2csv writes for this path; null for the record itself. */
    readonly header: string | null,
    /** The key exactly as its bytes appeared in the input, for the prediction. */
    readonly raw: Uint8Array,
  ) {
    this.hash = hashText(header ?? '');
  }

  /** The path's statistics, made on first use (a comparison walks paths without them). */
  get stats(): FieldStats {
    this.statistics ??= new FieldStats(this.header ?? '');
    return this.statistics;
  }
}

/**
 * The paths the analysis tracks one by one, at most `maxPaths` of them (containers included): a path first
 * seen after that is not tracked (the walker summarises it), so a record with a million keys costs a
 * million key hashes, not a million sets of statistics.
 */
export class PathTrie {
  readonly root = new TrackedPath(null, EMPTY);
  /** Paths in first-seen order. */
  readonly paths: TrackedPath[] = [];
  private readonly named = new Map<string, TrackedPath>();

  constructor(
    private readonly separator: string,
    private readonly maxPaths: number,
  ) {}

  /** Whether paths were left untracked because the trie was full. */
  full = false;

  private add(header: string, raw: Uint8Array): TrackedPath | null {
    if (this.paths.length === this.maxPaths) {
      this.full = true;
      return null;
    }
    const path = new TrackedPath(header, raw);
    this.paths.push(path);
    return path;
  }

  /** The path of object key `key` (decoded; `raw` as in the input) below `parent`, or null when untracked. */
  child(parent: TrackedPath, key: string, raw: Uint8Array): TrackedPath | null {
    parent.children ??= new Map();
    let path = parent.children.get(key);
    if (path === undefined) {
      const added = this.add(appendHeaderSegment(parent.header, key, this.separator), raw.slice());
      if (added === null) return null;
      path = added;
      path.replacedKey = keyReplacedLoneSurrogate(key, path.raw, 0, path.raw.length) ? path : parent.replacedKey;
      parent.children.set(key, path);
    }
    return path;
  }

  /** The path of array position `index` below `parent`, or null when untracked. */
  item(parent: TrackedPath, index: number): TrackedPath | null {
    parent.items ??= [];
    const path = parent.items[index];
    if (path !== undefined) return path;
    const added = this.add(appendHeaderSegment(parent.header, index, this.separator), EMPTY);
    if (added !== null) {
      added.replacedKey = parent.replacedKey;
      parent.items[index] = added;
    }
    return added;
  }

  /** The path named `header` as written (a column of an array of arrays; equal names share one), or null when untracked. */
  column(header: string): TrackedPath | null {
    const known = this.named.get(header);
    if (known !== undefined) return known;
    const added = this.add(header, EMPTY);
    if (added !== null) this.named.set(header, added);
    return added;
  }
}
