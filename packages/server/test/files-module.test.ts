import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditModule } from '../src/audit/module.js';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { filesModule } from '../src/files/module.js';
import { createLogger } from '../src/platform/logger.js';
import type { ModuleContext } from '../src/platform/module-context.js';
import { buildModuleContext } from '../src/services.js';
import { FakeClock } from './support/fake-clock.js';
import { openTestDatabase, type TestDatabase } from './support/test-database.js';

// One feature built alone, as a module is: the files module with the audit service it records to,
// on an embedded database, with no HTTP app and the job queue never started.
let database: TestDatabase;
let dataDir: string;
let context: ModuleContext;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-files-module-'));
  context = buildModuleContext(loadConfig({ DATA_DIR: dataDir }), {
    database: database.handle,
    log: createLogger('silent'),
    clock: new FakeClock(),
  });
});

afterAll(async () => {
  context?.mailer.close();
  await context?.conversionPool.close();
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function oneUser(): Promise<string> {
  const now = context.clock.now();
  const [row] = await database.handle.db
    .insert(users)
    .values({ email: 'files-module@example.com', passwordHash: 'unused', createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('no user row');
  return row.id;
}

async function* bytesOf(text: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(text);
}

describe('the files module built alone', () => {
  it('keeps a file, counts its bytes with those kept elsewhere, and audits its deletion', async () => {
    const { audit } = auditModule(context);
    const module = filesModule(context, {
      audit,
      storedElsewhere: async () => 1_000,
    });
    const { files } = module;
    const userId = await oneUser();

    const slot = await files.begin({
      userId,
      originalFilename: 'orders.json',
      filename: 'orders.csv',
      inputFormat: 'json',
      outputFormat: 'csv',
      retentionType: 'free',
      options: null,
    });
    const originalSize = await context.storage.put(slot.originalKey, bytesOf('[{"id":1}]'));
    const resultSize = await context.storage.put(slot.resultKey, bytesOf('id\n1\n'));
    const expiresAt = new Date(context.clock.now().getTime() + 24 * 60 * 60 * 1000);
    const record = await files.complete(slot, { originalSize, resultSize, records: 1, columns: 1, expiresAt });

    expect((await files.list(userId)).files.map((file) => file.fileId)).toEqual([record.fileId]);
    expect(await files.storedBytes(userId)).toBe(originalSize + resultSize + 1_000);

    await files.delete(userId, record.fileId);
    expect((await files.list(userId)).total_files).toBe(0);
    await expect(context.storage.get(slot.resultKey)).rejects.toThrow();
    const history = await audit.page(userId, 1, 10);
    expect(history.logs).toMatchObject([{ action: 'delete', status: 'success', details: 'Deleted orders.csv' }]);
    expect(module.jobs.map((job) => job.name).sort()).toEqual(['files.announce-expiring', 'files.purge-expired']);
  });
});
