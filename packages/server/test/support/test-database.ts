import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import { type DatabaseHandle, pgliteDatabase, postgresDatabase } from '../../src/db/database.js';

/** The PostgreSQL server the suite runs on, when set; PGlite otherwise. */
export const DATABASE_URL = process.env.DATABASE_URL;

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** A private database for one test file, dropped by dispose(). */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** A connection string for this database (PostgreSQL only). */
  url: string | undefined;
  dispose(): Promise<void>;
}

/**
 * Opens a fresh database with every migration and pg-boss's schema applied. On PostgreSQL it creates
 * `unnest_test_<random>` (so parallel runs never share one); on PGlite it loads a template data
 * directory built once per migration set, since an initdb costs seconds and ~800 MB.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openPglite();
}

async function openPostgres(adminUrl: string): Promise<TestDatabase> {
  const name = `unnest_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = postgresDatabase(url.toString(), () => {});
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async dispose() {
      // A test may have closed the pool already (to simulate failures); the drop must still happen.
      await handle.close().catch(() => {});
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function templateFile(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  // pg-boss installs its own schema into the template, so its version is part of the key.
  const bossEntry = fileURLToPath(import.meta.resolve('pg-boss'));
  hash.update(fs.readFileSync(path.join(path.dirname(bossEntry), '..', 'package.json')));
  return path.join(os.tmpdir(), `unnest-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

async function buildTemplate(file: string): Promise<void> {
  const pglite = await PGlite.create();
  await pgliteDatabase(pglite).migrate();
  const boss = new PgBoss({ backend: 'pglite', db: fromPglite(pglite), schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  // Written aside and renamed, so a concurrent test file never reads half a template.
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(draft, file);
}

async function openPglite(): Promise<TestDatabase> {
  const file = templateFile();
  if (!fs.existsSync(file)) await buildTemplate(file);
  const pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  const handle = pgliteDatabase(pglite);
  return { handle, url: undefined, dispose: () => handle.close() };
}
