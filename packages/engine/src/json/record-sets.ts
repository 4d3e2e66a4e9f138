import { ByteBuilder } from './byte-builder.js';
import { JsonCursor } from './json-cursor.js';
import { decodeKey, scanString } from './json-string.js';
import { recordsPathSegment, TOP_LEVEL } from './records-path.js';
import { skipValue } from './skip-value.js';

/** How many keys deep auto-detection looks for records (`a.b.c` is three). */
export const AUTO_LEVELS = 3;

/** A set of records a document holds: an array whose first element is an object, or a map of similar objects. */
export interface RecordSet {
  /** The keys leading to it; none for the top-level object. */
  keys: string[];
  /** The records are the members of an object (a map), not the elements of an array. */
  map: boolean;
  /** Elements or members. */
  count: number;
  /** Bytes of the array or object, brackets included. */
  bytes: number;
}

/** The choice auto-detection makes among the record sets of a document. */
export type RecordSetChoice =
  | { kind: 'none' }
  | { kind: 'chosen'; set: RecordSet }
  | { kind: 'ambiguous'; sets: RecordSet[] };

/**
 * A rival record set at least this share of the largest one's bytes makes the choice ambiguous: a third of
 * the data left out is not a detail.
 */
const RIVAL_SHARE = 0.25;

/** A nested object is a map of records from this many members, when they look alike. */
const MIN_MAP_MEMBERS = 2;
/** The top-level object must be clearly a map of data (its keys are ids or names) to be read as one. */
const MIN_ROOT_MAP_MEMBERS = 10;
/** Members sampled to judge whether an object's members look alike, and keys kept of each. */
const MAP_SAMPLE = 256;
const KEYS_SAMPLE = 256;

/** No depth limit: the surveyed bytes were validated already (the reader's own limit applied there). */
const UNLIMITED_DEPTH = Number.MAX_SAFE_INTEGER;

/**
 * Lists the record sets inside the complete, already validated JSON value at `start` (a top-level object, or
 * a member skipped while the records were read, then `keys` lead to it): arrays of objects and maps of
 * similar objects up to AUTO_LEVELS keys deep, outer and inner ones alike. One pass over the bytes, with a
 * cursor of its own so the reader's line count is untouched.
 */
export function findRecordSets(buf: Uint8Array, start: number, end: number, keys: string[] = []): RecordSet[] {
  const survey = new Survey(buf, end);
  survey.value(start, keys);
  return survey.sets;
}

/**
 * The largest record set by bytes, unless a set that neither holds it nor lies inside it has at least
 * RIVAL_SHARE of its bytes: then every such plausible set, in document order, is ambiguous.
 */
export function chooseRecordSet(sets: readonly RecordSet[]): RecordSetChoice {
  if (sets.length === 0) return { kind: 'none' };
  let best = sets[0] as RecordSet;
  for (const set of sets) if (set.bytes > best.bytes) best = set;
  const rivals = sets.filter(
    (set) => set !== best && !nested(set, best) && !nested(best, set) && set.bytes >= RIVAL_SHARE * best.bytes,
  );
  if (rivals.length === 0) return { kind: 'chosen', set: best };
  // A rival inside another rival is part of it, not one more choice.
  const outer = rivals.filter((set) => !rivals.some((other) => other !== set && nested(set, other)));
  const plausible = [best, ...outer].sort((a, b) => sets.indexOf(a) - sets.indexOf(b));
  return { kind: 'ambiguous', sets: plausible };
}

/** Whether `inner` lies inside `outer` (its keys start with outer's). */
function nested(inner: RecordSet, outer: RecordSet): boolean {
  if (inner.keys.length <= outer.keys.length) return false;
  return outer.keys.every((key, index) => inner.keys[index] === key);
}

/** The records path that names a set: its keys as path segments, or `.` for the top-level object. */
export function recordSetPath(set: Pick<RecordSet, 'keys'>): string {
  return set.keys.length === 0 ? TOP_LEVEL : set.keys.map(recordsPathSegment).join('.');
}

/** A record set as a person reads it in a list of choices: `paths (811 members, 2.1 MB)`. */
export function describeRecordSet(set: RecordSet): string {
  const unit = set.map ? (set.count === 1 ? 'member' : 'members') : set.count === 1 ? 'record' : 'records';
  return `${recordSetPath(set)} (${set.count.toLocaleString('en-US')} ${unit}, ${formatBytes(set.bytes)})`;
}

/** Bytes as a person reads them: `812 B`, `4.7 KB`, `2.1 MB` (powers of 1,000, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The walk behind findRecordSets. */
class Survey {
  readonly sets: RecordSet[] = [];
  private readonly cursor = new JsonCursor();
  private readonly scratch = new ByteBuilder();

  constructor(
    private readonly buf: Uint8Array,
    private readonly end: number,
  ) {}

  /** The value at `i` (whose path is `keys`); returns its end and, for an object, its own keys. */
  value(i: number, keys: string[]): { end: number; memberKeys: string[] | null } {
    const c = this.buf[i];
    if (c === 91 && keys.length > 0 && keys.length <= AUTO_LEVELS)
      return { end: this.array(i, keys), memberKeys: null };
    if (c === 123) {
      if (keys.length <= AUTO_LEVELS) return this.object(i, keys);
      return this.shallowKeys(i);
    }
    return { end: skipValue(this.buf, i, this.end, 0, UNLIMITED_DEPTH, this.cursor), memberKeys: null };
  }

  /** An array: a record set when its first element is an object. */
  private array(i: number, keys: string[]): number {
    const { buf, cursor } = this;
    let j = cursor.ws(buf, i + 1);
    if (buf[j] === 93) return j + 1;
    const records = buf[j] === 123;
    let count = 0;
    for (;;) {
      j = skipValue(buf, j, this.end, 0, UNLIMITED_DEPTH, cursor);
      count++;
      j = cursor.ws(buf, j);
      if (buf[j] === 93) break;
      j = cursor.ws(buf, j + 1);
    }
    if (records) this.sets.push({ keys, map: false, count, bytes: j + 1 - i });
    return j + 1;
  }

  /** An object: its members walked (deeper candidates found), then judged as a map of records itself. */
  private object(i: number, keys: string[]): { end: number; memberKeys: string[] } {
    const at = this.sets.length;
    const memberKeys: string[] = [];
    const samples: string[][] = [];
    let allObjects = true;
    let count = 0;
    const end = this.members(i, (key, valueStart) => {
      count++;
      if (memberKeys.length < KEYS_SAMPLE) memberKeys.push(key);
      const member = this.value(valueStart, [...keys, key]);
      if (member.memberKeys === null) allObjects = false;
      else if (samples.length < MAP_SAMPLE) samples.push(member.memberKeys);
      return member.end;
    });
    const minimum = keys.length === 0 ? MIN_ROOT_MAP_MEMBERS : MIN_MAP_MEMBERS;
    if (allObjects && count >= minimum && alike(samples, keys.length === 0)) {
      // Outer sets come before the sets inside them, as they appear in the document.
      this.sets.splice(at, 0, { keys, map: true, count, bytes: end - i });
    }
    return { end, memberKeys };
  }

  /** An object too deep to search: only its own keys, for judging its parent. */
  private shallowKeys(i: number): { end: number; memberKeys: string[] } {
    const memberKeys: string[] = [];
    const end = this.members(i, (key, valueStart) => {
      if (memberKeys.length < KEYS_SAMPLE) memberKeys.push(key);
      return skipValue(this.buf, valueStart, this.end, 0, UNLIMITED_DEPTH, this.cursor);
    });
    return { end, memberKeys };
  }

  /** Calls `member` with each key and its value's start; `member` returns the value's end. Returns the object's end. */
  private members(i: number, member: (key: string, valueStart: number) => number): number {
    const { buf, cursor } = this;
    let j = cursor.ws(buf, i + 1);
    if (buf[j] === 125) return j + 1;
    for (;;) {
      const close = scanString(buf, j + 1, this.end, cursor);
      const key = decodeKey(buf, j + 1, close - 1, cursor, this.scratch);
      j = cursor.ws(buf, cursor.ws(buf, close) + 1);
      j = cursor.ws(buf, member(key, j));
      if (buf[j] === 125) return j + 1;
      j = cursor.ws(buf, j + 1);
    }
  }
}

/**
 * Whether objects look like records of one kind: some key is shared by at least half of them (by most of
 * them at the top level, where a false map would turn a plain object into rows).
 */
function alike(samples: readonly string[][], root: boolean): boolean {
  if (samples.length === 0) return false;
  const counts = new Map<string, number>();
  let most = 0;
  for (const sample of samples) {
    for (const key of new Set(sample)) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > most) most = count;
    }
  }
  return most >= (root ? 0.8 : 0.5) * samples.length;
}
