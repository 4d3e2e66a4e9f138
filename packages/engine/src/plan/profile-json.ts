import { readRecords } from '../analysis/record-reader.js';
import type { RecordVisitor } from '../analysis/record-visitor.js';
import type { ByteSource } from '../byte-source.js';
import { formatPlanPath, type PlanSegment } from '../flatten/flatten-plan.js';
import { TOP_LEVEL } from '../json/records-path.js';
import { type PathProfile, summarizeNode } from './path-profile.js';
import { ProfileBudget, ProfileNode } from './profile-tree.js';
import { ProfileWalker } from './profile-walker.js';

/** Options of `profileJson`. */
export interface ProfileOptions {
  /** Records path, as json2csv's `--records`; an object there is profiled as a map of records. */
  recordsPath?: string;
  /** Read only this many records (a sample; the profile says so). Default: all. */
  maxRecords?: number;
  /** Deepest nesting accepted (default 1,000). */
  maxDepth?: number;
  onProgress?: (bytesRead: number) => void;
}

/** What a document's records hold, path by path: what `proposePlan` decides from. */
export interface JsonProfile {
  /** Records read. */
  records: number;
  /** True when reading stopped at `maxRecords`: the figures are a sample's. */
  sampled: boolean;
  /** Where the records were (given or found); null: the document's top level. */
  recordsPath: string | null;
  /** `array`: elements of an array (or JSON Lines, or one object); `map`: members of an object, by key. */
  recordsShape: 'array' | 'map';
  /** Deepest nesting in a record (1: only scalars). */
  maxDepth: number;
  /** Columns json2csv would write without a plan (default `index` arrays), estimated from the profile. */
  defaultColumns: number;
  /** True when the profile reached its size bound and folded further keys into `*`: the figures are rougher. */
  folded: boolean;
  /** Every path, parents before children; the record itself is the path "". */
  paths: PathProfile[];
}

/** Stops the reader once the sample is complete. */
const SAMPLE_DONE: unique symbol = Symbol('sample done');

class ProfileVisitor implements RecordVisitor {
  readonly separator = '.';
  readonly budget = new ProfileBudget();
  readonly root = new ProfileNode(this.budget);
  readonly walker = new ProfileWalker();
  records = 0;
  map = false;

  record(buf: Uint8Array, i: number, end: number): number {
    this.records++;
    return this.walker.walk(buf, i, end, this.root);
  }

  row(): void {
    // An array of arrays has a header row: its rows are flat, profiled as records of scalars by position.
    this.records++;
  }

  recordKey(): void {
    this.map = true;
  }
}

/**
 * Profiles a JSON document in one streaming pass (or a sample of `maxRecords` records): per path, its kinds,
 * arrays' lengths, objects' keys and whether those keys look like data, and the columns each strategy would
 * give. Memory is bounded by the number of distinct paths (at most MAX_PROFILE_NODES), not by the input: a
 * map's keys fold into one `*` path.
 */
export async function profileJson(input: ByteSource, options: ProfileOptions = {}): Promise<JsonProfile> {
  const visitor = new ProfileVisitor();
  const given = options.recordsPath;
  let recordsPath = given === undefined || given === TOP_LEVEL || given === '' ? null : given;
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  let sampled = false;
  try {
    await readRecords(
      input,
      {
        separator: '.',
        recordsPath: options.recordsPath,
        maxDepth: options.maxDepth,
        onProgress: options.onProgress,
        recordsMap: options.recordsPath !== undefined,
        onRecordsPath: (path) => {
          // The top-level object found to be a map of records: the records are the document's top level.
          recordsPath = path === TOP_LEVEL ? null : path;
        },
      },
      visitor,
      async () => {
        if (visitor.records >= maxRecords) throw SAMPLE_DONE;
      },
    );
  } catch (error) {
    if (error !== SAMPLE_DONE) throw error;
    sampled = true;
  }
  const paths = summarize(visitor.root);
  return {
    records: visitor.records,
    sampled,
    recordsPath,
    recordsShape: visitor.map ? 'map' : 'array',
    maxDepth: visitor.walker.maxDepth,
    // Counted leaf paths, not the tree's estimate: that one multiplies the longest array at each level.
    defaultColumns: visitor.records === 0 ? 0 : visitor.walker.leafPaths.count().estimate,
    folded: visitor.budget.folded,
    paths,
  };
}

/** The tree as a list, parents first; column estimates are filled children first. */
function summarize(root: ProfileNode): PathProfile[] {
  const order: { node: ProfileNode; segments: PlanSegment[]; profile: PathProfile | null }[] = [];
  const pending: { node: ProfileNode; segments: PlanSegment[] }[] = [{ node: root, segments: [] }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    order.push({ ...entry, profile: null });
    const { node, segments } = entry;
    const children: { node: ProfileNode; segments: PlanSegment[] }[] = [];
    for (const [key, child] of node.children) children.push({ node: child, segments: [...segments, { key }] });
    if (node.anyKey !== null) children.push({ node: node.anyKey, segments: [...segments, { anyKey: true }] });
    if (node.items !== null) children.push({ node: node.items, segments: [...segments, { items: true }] });
    for (let c = children.length - 1; c >= 0; c--) pending.push(children[c] as (typeof children)[number]);
  }
  const byNode = new Map<ProfileNode, PathProfile>();
  for (let n = order.length - 1; n >= 0; n--) {
    const entry = order[n] as (typeof order)[number];
    const profile = summarizeNode(entry.node, formatPlanPath(entry.segments), entry.segments.length, byNode);
    byNode.set(entry.node, profile);
    entry.profile = profile;
  }
  return order.map((entry) => entry.profile as PathProfile);
}
