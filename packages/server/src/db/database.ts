import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ConstructorOptions, fromPglite } from 'pg-boss';
import { acquireDataDirLock } from './data-dir-lock.js';
import * as schema from './schema.js';

/** The Drizzle database, whichever driver is behind it. Only repositories use it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with what the platform needs around it. */
export interface DatabaseHandle {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Database;
  /** How pg-boss reaches the same database. */
  readonly queueOptions: ConstructorOptions;
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Resolves to packages/server/drizzle from both src/db (tests) and dist/db (compiled).
const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Serialises migrations when several processes boot against one PostgreSQL at once.
const MIGRATION_LOCK_KEY = 727_274_001;

/** Wraps an open PGlite instance; `onClose` runs after it is closed (e.g. to release the lock). */
export function pgliteDatabase(pglite: PGlite, onClose: () => void = () => {}): DatabaseHandle {
  const db = drizzlePglite({ client: pglite, schema });
  return {
    kind: 'pglite',
    db,
    queueOptions: { backend: 'pglite', db: fromPglite(pglite) },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async ping() {
      await pglite.query('select 1');
    },
    async close() {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        onClose();
      }
    },
  };
}

/** Connects to PostgreSQL; the pool reconnects by itself when the server comes back. */
export function postgresDatabase(connectionString: string, onError: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', onError);
  const db = drizzlePostgres({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    queueOptions: { connectionString, max: 4 },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, else the embedded PGlite database
 * in `dataDir/db`, guarded by the data directory lock for as long as it is open.
 */
export async function openDatabase(
  options: { databaseUrl: string | undefined; dataDir: string },
  onError: (error: Error) => void,
): Promise<DatabaseHandle> {
  if (options.databaseUrl) return postgresDatabase(options.databaseUrl, onError);
  const lock = acquireDataDirLock(options.dataDir);
  try {
    const pglite = await PGlite.create({
      dataDir: `${options.dataDir}/db`,
      // PostgreSQL's default 128 MB of shared buffers was a third of the server's idle memory; the
      // embedded database is small and the OS caches its files anyway.
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    });
    return pgliteDatabase(pglite, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
