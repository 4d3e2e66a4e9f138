import type { Readable } from 'node:stream';

/** Raised when a key has no stored object. */
export class StoredObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under '${key}'`);
    this.name = 'StoredObjectMissingError';
  }
}

/**
 * Where file bytes live: a local directory or an S3-compatible bucket. Keys are relative paths made
 * of `[A-Za-z0-9._-]` segments joined by `/`.
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under `key` as they stream in and returns how many there were. If the source
   * fails midway, nothing remains under the key (no partial object, no orphan parts).
   */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<number>;
  /** Streams the stored bytes; StoredObjectMissingError when there are none. */
  get(key: string): Promise<Readable>;
  /**
   * Deletes one object, and what a writer of it stopped mid-write left (local drafts; an S3 multipart upload
   * is left to the bucket's lifecycle rule); a missing one is not an error (deleting twice is harmless).
   */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under `prefix/`, for tests and operators. */
  list(prefix: string): Promise<string[]>;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws on keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function checkKey(key: string): string {
  const segments = key.split('/');
  if (segments.some((segment) => !SEGMENT.test(segment) || segment === '.' || segment === '..')) {
    throw new Error(`invalid storage key '${key}'`);
  }
  return key;
}
