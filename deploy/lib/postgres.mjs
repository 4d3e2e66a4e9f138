// A fresh PostgreSQL database on a server, for one local cluster or benchmark run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The local PostgreSQL server (trust authentication), when DATABASE_URL is not set. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** @param {string} serverUrl @param {string} sql */
async function onServer(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates `<prefix>_<random>` on the server of `serverUrl` (whatever database that URL names).
 * @param {string} serverUrl
 * @param {string} prefix
 * @returns {Promise<{ url: string, drop: () => Promise<void> }>}
 */
export async function createDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}
