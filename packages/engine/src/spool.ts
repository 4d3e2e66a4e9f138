/**
 * Temporary storage for output that cannot be released until the whole input is read
 * (the CSV header is the union of every record's keys, so it is known only at the end).
 * The core keeps it in memory; the Node adapter (`@unnest/engine/node`) backs it with a file.
 */
export interface Spool {
  /** Appends bytes. The spool may keep a reference to the chunk: callers must not reuse it. */
  write(chunk: Uint8Array): void | Promise<void>;
  /** Total bytes written so far. */
  readonly size: number;
  /** Reads back everything written, in order; call once, after the last write. */
  read(): AsyncIterable<Uint8Array>;
  /** Releases the storage; safe to call more than once. */
  dispose(): Promise<void>;
}

/** Creates a spool; called once per conversion. */
export type SpoolFactory = () => Spool | Promise<Spool>;

/** A spool held in memory: the default where no file system exists (the browser). */
export function createMemorySpool(): Spool {
  let chunks: Uint8Array[] = [];
  let size = 0;
  return {
    write(chunk) {
      chunks.push(chunk);
      size += chunk.length;
    },
    get size() {
      return size;
    },
    async *read() {
      for (const chunk of chunks) yield chunk;
    },
    async dispose() {
      chunks = [];
    },
  };
}
