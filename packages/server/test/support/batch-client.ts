import { setTimeout as sleep } from 'node:timers/promises';
import type { BatchJob } from '@unnest/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import { formBody, type TestUser } from './api-client.js';

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
  return formBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files.map((file) => ({ name: 'files', filename: file.name, content: file.content })),
  ]);
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
