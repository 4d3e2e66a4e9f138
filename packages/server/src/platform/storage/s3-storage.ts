import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.js';
import { checkKey, type StorageDriver, StoredObjectMissingError } from './storage-driver.js';

// Parts of 8 MiB, two in flight: memory per upload stays near 16-24 MB whatever the file size.
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The S3 client for these settings. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}

/**
 * Objects in an S3-compatible bucket. Uploads stream as a multipart upload (lib-storage), which is
 * aborted on failure, so an interrupted upload leaves neither an object nor stray parts.
 */
export function s3Storage(client: S3Client, bucket: string): StorageDriver {
  return {
    kind: 's3',
    async put(key, body) {
      let bytes = 0;
      let sourceError: unknown;
      const counted = async function* () {
        try {
          for await (const chunk of body) {
            bytes += chunk.length;
            yield chunk;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      };
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: checkKey(key), Body: Readable.from(counted()) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The source's failure (a cut connection, a size limit) is the cause; a failing abort is secondary.
        throw sourceError ?? error;
      }
      return bytes;
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for '${key}'`);
        return object.Body;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StoredObjectMissingError(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },
    async deletePrefix(prefix) {
      for (;;) {
        const keys = await listPage(client, bucket, prefix);
        if (keys.length === 0) return;
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
        );
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `${checkKey(prefix)}/`, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}

async function listPage(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${checkKey(prefix)}/` }));
  return (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
}
