import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.js';
import { announceExpiringFilesJob } from '../src/files/jobs.js';
import type { DomainEvent } from '../src/platform/domain-events.js';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A worker runs the event and mail jobs; a conversion of 1 s or more is "long".
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '1', LONG_CONVERSION_SECONDS: '1', NOTIFICATION_MAIL_RETRY_SECONDS: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const GB = 1024 ** 3;

async function list(user: TestUser, query = '') {
  const response = await call(t.app, user, 'GET', `/api/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function kinds(user: TestUser): Promise<string[]> {
  return (await list(user, '?page_size=100')).notifications.map((n: { kind: string }) => n.kind);
}

async function setSwitches(user: TestUser, update: Record<string, boolean>) {
  const response = await call(t.app, user, 'PUT', '/api/notifications/settings', { payload: update });
  expect(response.statusCode).toBe(200);
}

/** Makes every reading of the clock 600 ms later than the last, so that a conversion takes over 1 s. */
async function slowly<T>(work: () => Promise<T>): Promise<T> {
  const original = t.clock.now.bind(t.clock);
  t.clock.now = () => {
    t.clock.advance(600);
    return original();
  };
  try {
    return await work();
  } finally {
    t.clock.now = original;
  }
}

function completed(user: TestUser, fileId: string, durationMs: number): DomainEvent<'conversion.completed'> {
  return {
    type: 'conversion.completed',
    id: `conversion.completed:${fileId}`,
    occurredAt: t.clock.now().toISOString(),
    userId: user.id,
    fileId,
    fileName: 'orders.json',
    inputFormat: 'json',
    outputFormat: 'csv',
    originalBytes: 10,
    resultBytes: 10,
    records: 1,
    columns: 1,
    durationMs,
  };
}

/** A converted file row of `bytes` (original + result), straight in the database. */
async function storedFile(user: TestUser, bytes: number, extra: Partial<typeof files.$inferInsert> = {}) {
  const [row] = await t.database.handle.db
    .insert(files)
    .values({
      userId: user.id,
      originalFilename: 'big.json',
      filename: 'big.csv',
      inputFormat: 'json',
      outputFormat: 'csv',
      originalKey: 'unused/original',
      originalSize: bytes,
      resultKey: 'unused/result',
      resultSize: 0,
      status: 'converted',
      retentionType: 'free',
      expiresAt: null,
      createdAt: t.clock.now(),
      ...extra,
    })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('a long conversion', () => {
  it('notifies once when it finishes, in the bell and by e-mail', async () => {
    const user = await signedInUser(t, 'long');
    const response = await slowly(() => uploadFile(t.app, user, { name: 'orders.json', content: '[{"a":1}]' }));
    expect(response.statusCode).toBe(200);
    const fileId = response.json().file_id;
    await expect.poll(() => kinds(user), { timeout: 15_000 }).toEqual(['conversion_completed']);
    const page = await list(user);
    expect(page).toMatchObject({ total: 1, unread_count: 1, page: 1, page_size: 20 });
    expect(page.notifications[0]).toMatchObject({
      title: 'orders.json converted to CSV',
      summary: expect.stringMatching(
        /^Finished in \d+\.\d s \(1 records, 1 columns\)\. The result is in your files\.$/,
      ),
      date: null,
      link: '/files',
      read: false,
    });
    const mail = await t.inbox.next(user.email);
    expect(mail.raw).toContain('Subject: orders.json converted to CSV');
    // The same event again (a retried job, a republished event) notifies no more.
    await t.notifications.conversionCompleted(completed(user, fileId, 5_000));
    await t.events.publish(
      'conversion.completed',
      `conversion.completed:${fileId}`,
      completed(user, fileId, 5_000),
      t.clock.now(),
    );
    await t.notifications.conversionCompleted(completed(user, fileId, 5_000));
    expect(await kinds(user)).toEqual(['conversion_completed']);
  });

  it('a short conversion does not notify; a failed long one does', async () => {
    const user = await signedInUser(t, 'short');
    expect((await uploadFile(t.app, user, { name: 'quick.json', content: '[{"a":1}]' })).statusCode).toBe(200);
    const failed = await slowly(() => uploadFile(t.app, user, { name: 'broken.json', content: '[{"a":' }));
    expect(failed.statusCode).toBe(422);
    await expect.poll(() => kinds(user), { timeout: 15_000 }).toEqual(['conversion_failed']);
    const [notice] = (await list(user)).notifications;
    expect(notice.title).toBe('broken.json could not be converted');
  });

  it('is not notified when conversion notifications are off, and not e-mailed when e-mail is off', async () => {
    const user = await signedInUser(t, 'switches');
    await setSwitches(user, { conversion_notifications: false });
    await t.notifications.conversionCompleted(completed(user, crypto.randomUUID(), 60_000));
    expect(await kinds(user)).toEqual([]);
    await setSwitches(user, { conversion_notifications: true, email_notifications: false });
    expect((await call(t.app, user, 'GET', '/api/notifications/settings')).json()).toEqual({
      email_notifications: false,
      conversion_notifications: true,
      storage_alerts: true,
    });
    await t.notifications.conversionCompleted(completed(user, crypto.randomUUID(), 60_000));
    const [notice] = (await list(user)).notifications;
    expect(notice.kind).toBe('conversion_completed');
    // Even a mail job for it sends nothing while e-mail is off.
    await t.notifications.sendMail(notice.id);
    expect(t.inbox.pending(user.email)).toBe(0);
    // The switches are the settings page's switches.
    expect((await call(t.app, user, 'GET', '/api/profile/settings')).json()).toMatchObject({
      email_notifications: false,
      conversion_notifications: true,
    });
  });
});

describe('a batch', () => {
  const batch = (user: TestUser, status: 'completed' | 'failed' | 'cancelled') => ({
    userId: user.id,
    jobId: crypto.randomUUID(),
    status,
    totalFiles: 3,
    successfulFiles: status === 'completed' ? 3 : 1,
    failedFiles: status === 'completed' ? 0 : 2,
    durationMs: 4_000,
  });

  it('notifies once when it finishes or fails, with its counts; a cancelled one does not', async () => {
    const user = await signedInUser(t, 'batch');
    const done = batch(user, 'completed');
    await t.events.publish('batch.completed', `batch.completed:${done.jobId}`, done, t.clock.now());
    await t.events.publish('batch.completed', `batch.completed:${done.jobId}`, done, t.clock.now());
    await expect.poll(() => kinds(user), { timeout: 15_000 }).toEqual(['batch_completed']);
    const failed = batch(user, 'failed');
    await t.notifications.batchCompleted({
      ...failed,
      type: 'batch.completed',
      id: `b:${failed.jobId}`,
      occurredAt: '',
    });
    const cancelled = batch(user, 'cancelled');
    await t.notifications.batchCompleted({
      ...cancelled,
      type: 'batch.completed',
      id: `b:${cancelled.jobId}`,
      occurredAt: '',
    });
    const notices = (await list(user)).notifications;
    expect(notices.map((n: { kind: string }) => n.kind).sort()).toEqual(['batch_completed', 'batch_failed']);
    const failure = notices.find((n: { kind: string }) => n.kind === 'batch_failed');
    expect(failure).toMatchObject({ title: 'Your batch failed', body: '1 of 3 files converted, 2 failed, in 4.0 s.' });
    await t.inbox.next(user.email);
    await t.inbox.next(user.email);
  });

  it('does not notify when conversion notifications are off', async () => {
    const user = await signedInUser(t, 'batch-off');
    await setSwitches(user, { conversion_notifications: false });
    const done = batch(user, 'completed');
    await t.notifications.batchCompleted({ ...done, type: 'batch.completed', id: `b:${done.jobId}`, occurredAt: '' });
    expect(await kinds(user)).toEqual([]);
  });
});

describe('storage', () => {
  it('notifies at 80% and 90% of the plan once per crossing, checked after each stored conversion', async () => {
    const user = await signedInUser(t, 'storage');
    const big = await storedFile(user, Math.ceil(0.82 * GB));
    expect((await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":1}]' })).statusCode).toBe(200);
    await expect.poll(() => kinds(user), { timeout: 15_000 }).toEqual(['storage_80']);
    // Still over 80%: the same crossing.
    await t.notifications.checkStorage(user.id, 'test');
    expect(await kinds(user)).toEqual(['storage_80']);
    await storedFile(user, Math.ceil(0.1 * GB));
    t.clock.advance(1000);
    await t.notifications.checkStorage(user.id, 'test');
    expect(await kinds(user)).toEqual(['storage_90', 'storage_80']);
    // Back under, then over again: a new crossing.
    await t.database.handle.db.delete(files).where(eq(files.id, big.id));
    await t.notifications.checkStorage(user.id, 'test');
    expect(await kinds(user)).toHaveLength(2);
    await storedFile(user, Math.ceil(0.75 * GB));
    t.clock.advance(1000);
    await t.notifications.checkStorage(user.id, 'test');
    expect(await kinds(user)).toEqual(['storage_80', 'storage_90', 'storage_80']);
    expect((await list(user)).notifications[0].title).toBe('Your storage is 80% full');
  });

  it('does not notify when storage alerts are off', async () => {
    const user = await signedInUser(t, 'storage-off');
    await setSwitches(user, { storage_alerts: false });
    await storedFile(user, Math.ceil(0.95 * GB));
    await t.notifications.checkStorage(user.id, 'test');
    expect(await kinds(user)).toEqual([]);
  });
});

describe('a kept file expiring within 24 hours', () => {
  it('is announced once (file.expiring) and notified once; free and later files are not', async () => {
    const user = await signedInUser(t, 'expiring');
    const hour = 60 * 60 * 1000;
    const now = t.clock.now().getTime();
    const soon = await storedFile(user, 10, { retentionType: 'premium', expiresAt: new Date(now + 2 * hour) });
    await storedFile(user, 10, { retentionType: 'premium', expiresAt: new Date(now + 48 * hour) });
    await storedFile(user, 10, { retentionType: 'free', expiresAt: new Date(now + hour / 2) });
    const announced: string[] = [];
    t.events.subscribe('file.expiring', async (event) => {
      if (event.userId === user.id) announced.push(event.fileId);
    });
    const scan = announceExpiringFilesJob(t.files, t.events, t.clock);
    await scan.handle({});
    await scan.handle({});
    expect(announced).toEqual([soon.id]);
    await expect.poll(() => kinds(user), { timeout: 15_000 }).toEqual(['file_expiring']);
    const [notice] = (await list(user)).notifications;
    expect(notice.title).toBe('big.csv will be deleted soon');
    // The e-mail's text says the time in full; the bell's sentence leaves it to the reader's locale.
    const expiresAt = new Date(now + 2 * hour).toISOString();
    expect(notice.body).toContain(`is deleted at ${expiresAt} (UTC)`);
    expect(notice.summary).toBe('It is deleted on {date}. Download it before then if you still need it.');
    expect(notice.date).toBe(expiresAt);
  });
});

describe('the list', () => {
  it('is paged newest first with the unread count; read and read-all change it', async () => {
    const user = await signedInUser(t, 'paging');
    for (let i = 1; i <= 25; i += 1) {
      t.clock.advance(1000);
      await t.notifications.notify({
        userId: user.id,
        kind: 'payment_receipt',
        eventKey: `paging:${user.id}:${i}`,
        title: `Notice ${i}`,
        body: 'body',
        summary: 'summary',
        link: null,
      });
    }
    const first = await list(user, '?page=1&page_size=10');
    expect(first).toMatchObject({ total: 25, unread_count: 25, page: 1, page_size: 10 });
    expect(first.notifications.map((n: { title: string }) => n.title).slice(0, 2)).toEqual(['Notice 25', 'Notice 24']);
    const last = await list(user, '?page=3&page_size=10');
    expect(last.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Notice 5',
      'Notice 4',
      'Notice 3',
      'Notice 2',
      'Notice 1',
    ]);
    const read = await call(t.app, user, 'POST', `/api/notifications/${first.notifications[0].id}/read`);
    expect(read.json()).toEqual({ unread_count: 24 });
    // Reading it again changes nothing.
    expect((await call(t.app, user, 'POST', `/api/notifications/${first.notifications[0].id}/read`)).json()).toEqual({
      unread_count: 24,
    });
    expect((await list(user, '?page_size=1')).notifications[0].read).toBe(true);
    expect((await call(t.app, user, 'POST', '/api/notifications/read-all')).json()).toEqual({ unread_count: 0 });
    expect((await list(user)).unread_count).toBe(0);
    expect((await call(t.app, user, 'GET', '/api/notifications?page_size=101')).statusCode).toBe(400);
  });

  it('another user’s notification is not found; a signed-out caller gets 401', async () => {
    const owner = await signedInUser(t, 'owner');
    const other = await signedInUser(t, 'other');
    await t.notifications.notify({
      userId: owner.id,
      kind: 'payment_receipt',
      eventKey: `owned:${owner.id}`,
      title: 'Mine',
      body: 'body',
      summary: 'summary',
      link: null,
    });
    const [mine] = (await list(owner)).notifications;
    const stolen = await call(t.app, other, 'POST', `/api/notifications/${mine.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: 'Notification not found', code: 'NOT_FOUND' });
    expect((await call(t.app, other, 'POST', '/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
    expect((await list(owner)).unread_count).toBe(1);
    expect((await list(other)).total).toBe(0);
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', `/api/notifications/${mine.id}/read`],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/settings'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
