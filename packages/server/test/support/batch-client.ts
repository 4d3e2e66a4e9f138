import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchJob } from '@unnest/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import type { TestUser } from './api-client.js';

/** One file of a batch upload. */
export interface BatchUploadFile {
  name: string;
  content: string | Buffer;
}

/** A multipart body with option fields first, then every file as a `files` part. */
export function batchBody(
  files: readonly BatchUploadFile[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----unnestbatch${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/convert/batch through inject. */
export function startBatch(
  app: FastifyInstance,
  user: TestUser,
  files: readonly BatchUploadFile[],
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = batchBody(files, fields);
  return app.inject({ method: 'POST', url: '/api/convert/batch', payload, headers: { ...headers, ...user.auth } });
}

/** Polls the job's status until it is final (or `timeoutMs` passes) and returns it. */
export async function finalJob(
  app: FastifyInstance,
  user: TestUser,
  jobId: string,
  timeoutMs = 60_000,
): Promise<BatchJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/convert/batch/status/${jobId}`, headers: user.auth });
    const job = response.json() as BatchJob;
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.status}: ${response.body}`);
    await sleep(200);
  }
}

/** Every entry of a ZIP: its name and its bytes, in archive order. */
export async function zipEntries(zip: Buffer): Promise<Array<{ name: string; bytes: Buffer }>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
          archive.readEntry();
        });
        stream.on('error', reject);
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return entries;
}
