import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_URL } from './support/test-database.js';

// Migration 0013 on a database that has audit rows from before it: e-mails copied from the accounts,
// the account an admin action was done to read back from its details, and the foreign key gone.

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const BEFORE = '0013_audit_outlives_accounts';

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-migrations-before-'));
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** A new empty database on the suite's engine: run SQL, migrate to a folder, and drop it. */
interface ScratchDatabase {
  query(sql: string): Promise<Array<Record<string, unknown>>>;
  migrate(folder: string): Promise<void>;
  dispose(): Promise<void>;
}

async function scratchDatabase(): Promise<ScratchDatabase> {
  if (!DATABASE_URL) {
    const pglite = await PGlite.create();
    const db = drizzlePglite({ client: pglite });
    return {
      // exec runs several statements; the answer is the last one's rows.
      query: async (sql) => ((await pglite.exec(sql)).at(-1)?.rows ?? []) as Array<Record<string, unknown>>,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      dispose: () => pglite.close(),
    };
  }
  const name = `unnest_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // Dropping the database ends its sessions: a client still closing reports that as an error on the pool, which
  // without a listener is thrown as an uncaught exception (seen once on CI's PostgreSQL pass).
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool });
  return {
    async query(sql) {
      // Several statements answer one result each; the last one's rows are what the caller asked for.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(sql);
      return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
    },
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async dispose() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const ADMIN = '11111111-1111-4111-8111-111111111111';
const TARGET = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

let database: ScratchDatabase;
let before: string;
beforeAll(async () => {
  database = await scratchDatabase();
  before = migrationsBefore(BEFORE);
}, 120_000);
afterAll(async () => {
  await database?.dispose();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe('migration 0013 (the audit outlives the accounts it names)', () => {
  it('backfills e-mails and the account acted on, and lets entries outlive their accounts', async () => {
    await database.migrate(before);
    await database.query(`
      insert into users (id, email, password_hash, created_at, updated_at) values
        ('${ADMIN}', 'admin@example.com', 'x', now(), now()),
        ('${TARGET}', 'target@example.com', 'x', now(), now());
      insert into audit_logs (user_id, action, status, details, created_at) values
        ('${ADMIN}', 'admin_set_role', 'success', 'Gave the admin role, for target@example.com (${TARGET})', now()),
        ('${ADMIN}', 'admin_delete_user', 'success', 'Deleted the account, for gone@example.com (${GONE})', now()),
        ('${ADMIN}', 'admin_retry_job', 'success', 'Retried job 1 of queue q', now()),
        ('${TARGET}', 'sign_in', 'success', 'Signed in', now());
    `);
    await database.migrate(MIGRATIONS);

    const rows = await database.query(
      'select user_id, email, action, subject_user_id, subject_email from audit_logs order by action',
    );
    expect(rows).toEqual([
      {
        user_id: ADMIN,
        email: 'admin@example.com',
        action: 'admin_delete_user',
        subject_user_id: GONE,
        subject_email: 'gone@example.com',
      },
      {
        user_id: ADMIN,
        email: 'admin@example.com',
        action: 'admin_retry_job',
        subject_user_id: null,
        subject_email: null,
      },
      {
        user_id: ADMIN,
        email: 'admin@example.com',
        action: 'admin_set_role',
        subject_user_id: TARGET,
        subject_email: 'target@example.com',
      },
      { user_id: TARGET, email: 'target@example.com', action: 'sign_in', subject_user_id: null, subject_email: null },
    ]);

    // No foreign key any more: deleting the admin keeps what it did.
    await database.query(`delete from users where id = '${ADMIN}'`);
    const kept = await database.query(`select count(*)::int as total from audit_logs where user_id = '${ADMIN}'`);
    expect(kept).toEqual([{ total: 3 }]);
  }, 120_000);
});
