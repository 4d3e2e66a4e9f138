import path from 'node:path';
import type { Config } from '../../config.js';
import { localStorage } from './local-storage.js';
import { s3Client, s3Storage } from './s3-storage.js';
import type { StorageDriver } from './storage-driver.js';

/** Where the local storage driver keeps files: `DATA_DIR/files`. */
export function localFilesRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/** The configured file storage: the S3 bucket when S3_BUCKET is set, else `DATA_DIR/files`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3' | 'directFileWrites'>): StorageDriver {
  if (config.s3) return s3Storage(s3Client(config.s3), config.s3.bucket);
  return localStorage(localFilesRoot(config), { directWrites: config.directFileWrites });
}
