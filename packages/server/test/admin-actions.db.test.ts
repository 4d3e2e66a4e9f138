import fs from 'node:fs';
import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { buySmallPack, credits } from './support/credits.js';
import {
  createConfirmedUser,
  post,
  refreshCookie,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from './support/test-app.js';

const PASSWORD = 'correct horse';
const adminEmail = uniqueEmail('actions-admin');

let t: TestApp;
let admin: TestUser;

/** Signs in an existing account; its token and refresh cookie. */
async function signIn(email: string) {
  const login = await post(t.app, '/api/auth/login', { email, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  const body = login.json();
  return {
    user: { id: body.user.user_id, email, auth: { authorization: `Bearer ${body.tokens.access_token}` } } as TestUser,
    cookie: refreshCookie(login) ?? '',
  };
}

/** The admin's audit entries of one action, newest first (from the admin area's logs). */
async function adminEntries(action: string) {
  const response = await call(t.app, admin, 'GET', `/api/admin/logs?user=${admin.id}&action=${action}`);
  expect(response.statusCode).toBe(200);
  return response.json().logs as Array<{
    user_id: string;
    email: string;
    subject_user_id: string | null;
    status: string;
    details: string;
  }>;
}

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  await createConfirmedUser(t, adminEmail, PASSWORD);
  admin = (await signIn(adminEmail)).user;
}, 60_000);
afterAll(() => t?.close());

describe('dashboard, users, stats and logs', () => {
  it('counts accounts, activity, conversions, bytes, storage and revenue by currency', async () => {
    const user = await signedInUser(t, 'actions-dashboard');
    const converted = await uploadFile(t.app, user, { name: 'rows.json', content: '[{"a":1},{"a":2}]' });
    expect(converted.statusCode).toBe(200);
    await buySmallPack(t, user);
    const body = (await call(t.app, admin, 'GET', '/api/admin/dashboard')).json();
    expect(body.accounts).toBeGreaterThanOrEqual(2);
    expect(body.active_last_7_days).toBeGreaterThanOrEqual(2);
    expect(body.conversions_per_day).toHaveLength(14);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(body.conversions_per_day.at(-1)).toMatchObject({ date: today, successful: 1, failed: 0 });
    expect(body.bytes_converted).toBe('[{"a":1},{"a":2}]'.length);
    expect(body.storage_used).toBeGreaterThan(0);
    expect(body.revenue).toEqual([{ currency: 'INR', amount: expect.any(Number), payments: 1 }]);
    expect(body.revenue[0].amount).toBeGreaterThan(0);
    expect(body.failed_jobs).toBe(0);
  });

  it('searches accounts by e-mail, paged', async () => {
    const tag = `search${Date.now().toString(36)}`;
    for (const n of [1, 2, 3]) await createConfirmedUser(t, `${tag}-${n}@example.com`, PASSWORD);
    const first = (await call(t.app, admin, 'GET', `/api/admin/users?q=${tag.toUpperCase()}&page_size=2`)).json();
    expect(first.total).toBe(3);
    expect(first.users).toHaveLength(2);
    const second = (await call(t.app, admin, 'GET', `/api/admin/users?q=${tag}&page=2&page_size=2`)).json();
    expect(second.users).toHaveLength(1);
    const emails = [...first.users, ...second.users].map((u: { email: string }) => u.email).sort();
    expect(emails).toEqual([1, 2, 3].map((n) => `${tag}-${n}@example.com`));
    // LIKE's wildcards are taken as they are written.
    expect((await call(t.app, admin, 'GET', '/api/admin/users?q=%25_%25')).json().total).toBe(0);
  });

  it('shows one account with plan, credits, storage and recent activity', async () => {
    const user = await signedInUser(t, 'actions-view');
    t.clock.advance(1000);
    await uploadFile(t.app, user, { name: 'one.json', content: '[{"x":"y"}]' });
    const detail = (await call(t.app, admin, 'GET', `/api/admin/users/${user.id}`)).json();
    expect(detail).toMatchObject({
      user_id: user.id,
      email: user.email,
      plan: 'free',
      is_admin: false,
      disabled: false,
      email_confirmed: true,
      credits: 0,
      files: 1,
    });
    expect(detail.storage_used).toBeGreaterThan(0);
    expect(detail.recent_activity.map((entry: { action: string }) => entry.action)).toEqual(['json_to_csv', 'sign_in']);
    const missing = await call(t.app, admin, 'GET', '/api/admin/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('lists the audit of every account, filtered by account, action and status', async () => {
    const user = await signedInUser(t, 'actions-logs');
    t.clock.advance(1000);
    await post(t.app, '/api/auth/login', { email: user.email, password: 'wrong password' });
    const all = (await call(t.app, admin, 'GET', `/api/admin/logs?user=${user.email}`)).json();
    expect(all.logs.map((entry: { action: string; status: string }) => `${entry.action}:${entry.status}`)).toEqual([
      'sign_in:error',
      'sign_in:success',
    ]);
    expect(all.logs[0]).toMatchObject({ user_id: user.id, email: user.email });
    const failed = (await call(t.app, admin, 'GET', `/api/admin/logs?user=${user.id}&status=error`)).json();
    expect(failed.total).toBe(1);
    const conversions = (await call(t.app, admin, 'GET', `/api/admin/logs?user=${user.id}&action=json_to_csv`)).json();
    expect(conversions.total).toBe(0);
    const everyone = (await call(t.app, admin, 'GET', '/api/admin/logs?action=sign_in&page_size=100')).json();
    expect(new Set(everyone.logs.map((entry: { user_id: string }) => entry.user_id)).size).toBeGreaterThan(2);
  });

  it('answers the stats of the last 30 days', async () => {
    const stats = (await call(t.app, admin, 'GET', '/api/admin/stats')).json();
    expect(stats.days).toBe(30);
    expect(stats.actions.find((row: { action: string }) => row.action === 'json_to_csv')?.success).toBeGreaterThan(0);
    expect(stats.plans.map((row: { plan: string }) => row.plan)).toEqual([
      'free',
      'starter',
      'professional',
      'business',
      'enterprise',
    ]);
    expect(stats.signups_per_day.reduce((sum: number, day: { accounts: number }) => sum + day.accounts, 0)).toBe(
      (await call(t.app, admin, 'GET', '/api/admin/dashboard')).json().accounts,
    );
    expect(stats.top_users[0].bytes).toBeGreaterThan(0);
  });
});

describe('actions on an account, each audited with the admin’s id', () => {
  it('changes the plan: limits at once, old tokens renewed with the new plan', async () => {
    const { user, cookie } = await signIn((await signedInUser(t, 'actions-plan')).email);
    const changed = await call(t.app, admin, 'PUT', `/api/admin/users/${user.id}/plan`, {
      payload: { plan: 'business' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().plan).toBe('business');
    expect((await call(t.app, user, 'GET', '/api/payments/user-subscription')).statusCode).toBe(401);
    const renewed = await post(t.app, '/api/auth/refresh', undefined, { cookie });
    expect(renewed.statusCode).toBe(200);
    const fresh = { ...user, auth: { authorization: `Bearer ${renewed.json().tokens.access_token}` } };
    expect((await call(t.app, fresh, 'GET', '/api/auth/me')).json().user).toMatchObject({
      plan: 'business',
      is_premium: true,
    });
    expect((await call(t.app, fresh, 'GET', '/api/payments/user-subscription')).json()).toMatchObject({
      plan: 'business',
      conversions_limit: -1,
      storage_limit: 1000,
    });
    const [entry] = await adminEntries('admin_set_plan');
    expect(entry).toMatchObject({ user_id: admin.id, email: admin.email, status: 'success' });
    expect(entry?.details).toContain(`from free to business, for ${user.email}`);
    const refused = await call(t.app, admin, 'PUT', `/api/admin/users/${user.id}/plan`, { payload: { plan: 'gold' } });
    expect(refused.statusCode).toBe(400);
  });

  it('adds credits with a reason, once per request id', async () => {
    const user = await signedInUser(t, 'actions-credits');
    const grant = { credits: 5, reason: 'Refund for a failed batch', request_id: `grant-${Date.now()}` };
    const url = `/api/admin/users/${user.id}/credits`;
    const [first, again] = await Promise.all([
      call(t.app, admin, 'POST', url, { payload: grant }),
      call(t.app, admin, 'POST', url, { payload: grant }),
    ]);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(await credits(t, user)).toBe(5);
    expect(
      (await call(t.app, admin, 'POST', url, { payload: { ...grant, request_id: `${grant.request_id}-2` } })).json()
        .credits,
    ).toBe(10);
    const entries = await adminEntries('admin_add_credits');
    expect(entries.filter((entry) => entry.details.includes(user.email))).toHaveLength(3);
    expect(entries.filter((entry) => entry.details.includes('nothing added'))).toHaveLength(1);
    expect(entries[0]?.details).toContain('Refund for a failed batch');
    const noReason = await call(t.app, admin, 'POST', url, {
      payload: { ...grant, reason: '', request_id: 'grant-x-1' },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('gives and takes the admin role, effective on the account’s next token', async () => {
    const { user, cookie } = await signIn((await signedInUser(t, 'actions-role')).email);
    expect((await call(t.app, user, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    const given = await call(t.app, admin, 'PUT', `/api/admin/users/${user.id}/role`, { payload: { admin: true } });
    expect(given.json()).toMatchObject({ is_admin: true, admin_from_config: false });
    expect((await call(t.app, user, 'GET', '/api/admin/dashboard')).statusCode).toBe(401);
    const renewed = await post(t.app, '/api/auth/refresh', undefined, { cookie });
    const promoted = { ...user, auth: { authorization: `Bearer ${renewed.json().tokens.access_token}` } };
    expect((await call(t.app, promoted, 'GET', '/api/auth/me')).json().user.groups).toContain('admin');
    expect((await call(t.app, promoted, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    t.clock.advance(1000);
    await call(t.app, admin, 'PUT', `/api/admin/users/${user.id}/role`, { payload: { admin: false } });
    expect((await call(t.app, promoted, 'GET', '/api/admin/dashboard')).statusCode).toBe(401);
    const again = await post(t.app, '/api/auth/refresh', undefined, { cookie: refreshCookie(renewed) ?? '' });
    const demoted = { ...user, auth: { authorization: `Bearer ${again.json().tokens.access_token}` } };
    expect((await call(t.app, demoted, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    // An ADMIN_EMAILS account stays an admin; the refusal is audited too.
    t.clock.advance(1000);
    const keep = await call(t.app, admin, 'PUT', `/api/admin/users/${admin.id}/role`, { payload: { admin: false } });
    expect(keep.statusCode).toBe(403);
    expect(keep.json().code).toBe('ADMIN_FROM_CONFIG');
    expect((await adminEntries('admin_set_role')).map((entry) => [entry.details.split(',')[0], entry.status])).toEqual([
      ['Took the admin role', 'error'],
      ['Took the admin role', 'success'],
      ['Gave the admin role', 'success'],
    ]);
  });

  it('disables an account: no sign-in, its token refused at once, no refresh; enabling restores sign-in', async () => {
    const { user, cookie } = await signIn((await signedInUser(t, 'actions-disable')).email);
    expect((await call(t.app, user, 'GET', '/api/profile')).statusCode).toBe(200);
    const key = (await call(t.app, user, 'POST', '/api/keys', { payload: { name: 'script' } })).json().key;
    const withKey = () => t.app.inject({ method: 'GET', url: '/api/usage', headers: { 'x-api-key': key } });
    expect((await withKey()).statusCode).toBe(200);
    const disabled = await call(t.app, admin, 'POST', `/api/admin/users/${user.id}/disable`);
    expect(disabled.json()).toMatchObject({ disabled: true });
    const refused = await call(t.app, user, 'GET', '/api/profile');
    expect(refused.statusCode).toBe(401);
    // Its API keys stop working too.
    expect((await withKey()).json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'This account has been disabled. Please contact the operator of this service.',
    });
    const login = await post(t.app, '/api/auth/login', { email: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      code: 'ACCOUNT_DISABLED',
      detail: 'This account has been disabled. Please contact the operator of this service.',
    });
    expect((await post(t.app, '/api/auth/refresh', undefined, { cookie })).statusCode).toBe(401);
    // The ADMIN_EMAILS admin cannot disable itself (its own account, and one listed in ADMIN_EMAILS).
    t.clock.advance(1000);
    expect((await call(t.app, admin, 'POST', `/api/admin/users/${admin.id}/disable`)).statusCode).toBe(403);
    await call(t.app, admin, 'POST', `/api/admin/users/${user.id}/enable`);
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await withKey()).statusCode).toBe(200);
    expect((await adminEntries('admin_disable'))[1]?.details).toContain(user.email);
    expect((await adminEntries('admin_enable'))[0]?.details).toContain(user.email);
  });

  it('resends the confirmation code of an unconfirmed account', async () => {
    const email = uniqueEmail('actions-unconfirmed');
    await post(t.app, '/api/auth/signup', { email, password: PASSWORD });
    await t.inbox.next(email);
    t.clock.advance(1000);
    const found = (await call(t.app, admin, 'GET', `/api/admin/users?q=${email}`)).json().users[0];
    expect(found).toMatchObject({ email, email_confirmed: false });
    const resent = await call(t.app, admin, 'POST', `/api/admin/users/${found.user_id}/resend-confirmation`);
    expect(resent.statusCode).toBe(200);
    const mail = await t.inbox.next(email);
    const confirmed = await post(t.app, '/api/auth/confirm-signup', { email, confirmation_code: mail.code });
    expect(confirmed.statusCode).toBe(200);
    t.clock.advance(1000);
    const again = await call(t.app, admin, 'POST', `/api/admin/users/${found.user_id}/resend-confirmation`);
    expect(again.statusCode).toBe(409);
    expect((await adminEntries('admin_resend_confirmation')).map((entry) => entry.status)).toEqual([
      'error',
      'success',
    ]);
  });

  it('deletes an account with its stored files', async () => {
    const user = await signedInUser(t, 'actions-delete');
    await uploadFile(t.app, user, { name: 'gone.json', content: '[{"gone":true}]' });
    const folder = path.join(t.dataDir, 'files', 'users', user.id);
    expect(fs.existsSync(folder)).toBe(true);
    const deleted = await call(t.app, admin, 'DELETE', `/api/admin/users/${user.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await call(t.app, user, 'GET', '/api/profile')).statusCode).toBe(401);
    expect((await call(t.app, admin, 'GET', `/api/admin/users/${user.id}`)).statusCode).toBe(404);
    t.clock.advance(1000);
    expect((await call(t.app, admin, 'DELETE', `/api/admin/users/${admin.id}`)).statusCode).toBe(403);
    const [refused, entry] = await adminEntries('admin_delete_user');
    expect(refused).toMatchObject({ user_id: admin.id, status: 'error' });
    expect(entry).toMatchObject({ user_id: admin.id, status: 'success', subject_user_id: user.id });
    expect(entry?.details).toContain(user.email);
  });
});

describe('failed jobs', () => {
  it('lists a job that failed for good and puts it back in its queue', async () => {
    // A job of a real queue, failed with no retries left, through pg-boss itself.
    const boss = new PgBoss({ ...t.database.handle.queueOptions, supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      const id = await boss.send('files.purge-expired', {}, { retryLimit: 0 });
      expect(id).toBeTruthy();
      await boss.fetch('files.purge-expired');
      await boss.fail('files.purge-expired', id ?? '', { message: 'storage unreachable' });
      const listed = (await call(t.app, admin, 'GET', '/api/admin/jobs')).json();
      expect(listed.total).toBe(1);
      expect(listed.jobs[0]).toMatchObject({ id, queue: 'files.purge-expired', error: 'storage unreachable' });
      expect((await call(t.app, admin, 'GET', '/api/admin/dashboard')).json().failed_jobs).toBe(1);
      const retried = await call(t.app, admin, 'POST', `/api/admin/jobs/files.purge-expired/${id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect((await boss.getJobById('files.purge-expired', id ?? ''))?.state).not.toBe('failed');
      expect((await call(t.app, admin, 'GET', '/api/admin/jobs')).json().total).toBe(0);
      const twice = await call(t.app, admin, 'POST', `/api/admin/jobs/files.purge-expired/${id}/retry`);
      expect(twice.statusCode).toBe(404);
      expect((await adminEntries('admin_retry_job'))[0]?.details).toContain(id ?? '');
    } finally {
      // On PGlite this pg-boss shares the app's database handle, which must stay open; on PostgreSQL it has its own pool.
      await boss.stop({ graceful: false, close: t.database.url !== undefined });
    }
  });
});
