import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import * as schema from '../src/db/schema.js';
import { signedInUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Every SQL statement the app sends through its repositories while `counting` (the job queue's are not
// among them: it has its own connection).
const statements: string[] = [];
let counting = false;

/** The same database, with each statement the repositories send written down while counting. */
function withStatementLog(handle: DatabaseHandle): DatabaseHandle {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const db = drizzle({
    client,
    schema,
    logger: {
      logQuery(query) {
        if (counting) statements.push(query);
      },
    },
  });
  return { ...handle, db };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ wrapDatabase: withStatementLog });
});
afterAll(async () => {
  await t?.close();
});

const readsUsers = (statement: string) => /^select .* from "users"/is.test(statement);

describe('one stored conversion', () => {
  it('reads its account once, in 8 statements before the upload reaches the worker', async () => {
    const user = await signedInUser(t, 'queries');
    counting = true;
    const response = await uploadFile(t.app, user, { name: 'orders.json', content: '[{"id":1,"name":"a"}]' });
    counting = false;
    expect(response.statusCode).toBe(200);
    // Up to the file's pending record, which the worker's storing follows.
    const beforeFirstByte = statements.slice(0, statements.findIndex((s) => /^insert into "files"/i.test(s)) + 1);
    expect(beforeFirstByte.length).toBeGreaterThan(0);
    expect(beforeFirstByte.filter(readsUsers)).toHaveLength(1);
    // 8: the account (users), its settings (user_profiles), the bytes it stores (files, batch_files), the
    // daily conversion (3: a lock, the window, the event) and the pending record; before: 10, with users read 3 times.
    expect(beforeFirstByte.length).toBeLessThanOrEqual(8);
  });
});
