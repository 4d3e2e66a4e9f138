import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { call, signedInAgain, signedInUser, type TestUser } from './support/api-client.js';
import { createConfirmedUser, post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

// ADMIN_EMAILS accounts cannot be demoted, disabled or deleted through the admin API, and the audit of
// admin actions outlives the accounts it names.

const PASSWORD = 'correct horse';
const configuredEmail = uniqueEmail('protected-admin');

let t: TestApp;
let configured: TestUser;

interface AdminLog {
  user_id: string;
  email: string;
  subject_user_id: string | null;
  subject_email: string | null;
  action: string;
  status: string;
  details: string;
}

/** The audit of every account, as an admin reads it, filtered by a query string. */
async function logs(reader: TestUser, query: string): Promise<AdminLog[]> {
  const response = await call(t.app, reader, 'GET', `/api/admin/logs?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().logs;
}

/** A new account given the admin role by `by`, signed in again so that its token carries the role. */
async function promotedBy(by: TestUser, label: string): Promise<TestUser> {
  const user = await signedInUser(t, label);
  const given = await call(t.app, by, 'PUT', `/api/admin/users/${user.id}/role`, { payload: { admin: true } });
  expect(given.statusCode, given.body).toBe(200);
  t.clock.advance(1000);
  return signedInAgain(t, user);
}

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: configuredEmail } });
  await createConfirmedUser(t, configuredEmail, PASSWORD);
  const login = await post(t.app, '/api/auth/login', { email: configuredEmail, password: PASSWORD });
  configured = {
    id: login.json().user.user_id,
    email: configuredEmail,
    auth: { authorization: `Bearer ${login.json().tokens.access_token}` },
  };
}, 60_000);
afterAll(() => t?.close());

describe('an ADMIN_EMAILS account in the admin API', () => {
  it('cannot be demoted, disabled or deleted by another admin; each refusal is typed and audited', async () => {
    const promoted = await promotedBy(configured, 'protect-promoted');
    const attempts: Array<[string, 'PUT' | 'POST' | 'DELETE', string, object | undefined]> = [
      ['demoted', 'PUT', `/api/admin/users/${configured.id}/role`, { admin: false }],
      ['disabled', 'POST', `/api/admin/users/${configured.id}/disable`, undefined],
      ['deleted', 'DELETE', `/api/admin/users/${configured.id}`, undefined],
    ];
    for (const [what, method, url, payload] of attempts) {
      const refused = await call(t.app, promoted, method, url, payload ? { payload } : {});
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json()).toEqual({
        code: 'ADMIN_FROM_CONFIG',
        detail: `${configuredEmail} is an admin through the ADMIN_EMAILS setting, so it cannot be ${what} here. Remove it from ADMIN_EMAILS on the server first.`,
      });
    }
    // Still an admin, enabled, and there.
    const account = (await call(t.app, promoted, 'GET', `/api/admin/users/${configured.id}`)).json();
    expect(account).toMatchObject({ is_admin: true, admin_from_config: true, disabled: false });
    expect((await call(t.app, configured, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);

    const refusals = await logs(configured, `user=${promoted.id}&status=error`);
    expect(refusals.map((entry) => entry.action).sort()).toEqual([
      'admin_delete_user',
      'admin_disable',
      'admin_set_role',
    ]);
    for (const entry of refusals) {
      expect(entry).toMatchObject({
        user_id: promoted.id,
        email: promoted.email,
        subject_user_id: configured.id,
        subject_email: configuredEmail,
      });
      expect(entry.details).toContain(`for ${configuredEmail} (${configured.id}), an admin: `);
    }
  });

  it('leaves the rule for other admins as it was: none can disable or delete its own account', async () => {
    const promoted = await promotedBy(configured, 'protect-self');
    const disable = await call(t.app, promoted, 'POST', `/api/admin/users/${promoted.id}/disable`);
    expect(disable.json()).toEqual({ code: 'BAD_REQUEST', detail: 'You cannot disable your own account.' });
    const remove = await call(t.app, promoted, 'DELETE', `/api/admin/users/${promoted.id}`);
    expect(remove.json()).toEqual({
      code: 'BAD_REQUEST',
      detail: 'You cannot delete your own account here: use Settings.',
    });
  });

  it('is refused the same way when it acts on itself', async () => {
    const self = await call(t.app, configured, 'POST', `/api/admin/users/${configured.id}/disable`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('ADMIN_FROM_CONFIG');
  });
});

describe('the audit of admin actions on admins', () => {
  it('A promotes W, W promotes X, X deletes W: the audit still says W (id and e-mail) made X an admin', async () => {
    const w = await promotedBy(configured, 'audit-w');
    const x = await promotedBy(w, 'audit-x');
    // W's own activity, which its deletion takes with it.
    expect((await logs(configured, `user=${w.id}&action=sign_in`)).length).toBeGreaterThan(0);

    const deleted = await call(t.app, x, 'DELETE', `/api/admin/users/${w.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(t.app, x, 'GET', `/api/admin/users/${w.id}`)).statusCode).toBe(404);

    const grants = await logs(configured, `user=${x.id}&action=admin_set_role`);
    expect(grants).toEqual([
      expect.objectContaining({
        user_id: w.id,
        email: w.email,
        subject_user_id: x.id,
        subject_email: x.email,
        status: 'success',
      }),
    ]);
    expect(grants[0]?.details).toBe(`Gave the admin role, for ${x.email} (${x.id})`);
    // Found by the deleted account's e-mail too, with what was done to it.
    const aboutW = await logs(configured, `user=${encodeURIComponent(w.email)}`);
    expect(aboutW.map((entry) => [entry.action, entry.email, entry.subject_email])).toEqual([
      ['admin_delete_user', x.email, w.email],
      ['admin_set_role', w.email, x.email],
      ['admin_set_role', configuredEmail, w.email],
    ]);
    expect(aboutW[0]?.details).toBe(`Deleted the account, for ${w.email} (${w.id}), an admin`);
    // Its own activity (sign-ins) went with the account, as its deletion promises.
    expect(await logs(configured, `user=${w.id}&action=sign_in`)).toEqual([]);
  });

  it('records demoting, disabling and enabling an admin, naming it as an admin', async () => {
    const admin = await promotedBy(configured, 'audit-subject');
    for (const [method, url, payload] of [
      ['POST', `/api/admin/users/${admin.id}/disable`, undefined],
      ['POST', `/api/admin/users/${admin.id}/enable`, undefined],
      ['PUT', `/api/admin/users/${admin.id}/role`, { admin: false }],
    ] as const) {
      const response = await call(t.app, configured, method, url, payload ? { payload } : {});
      expect(response.statusCode, response.body).toBe(200);
      t.clock.advance(1000);
    }
    const entries = (await logs(configured, `user=${admin.id}&status=success`)).filter((entry) =>
      entry.action.startsWith('admin_'),
    );
    expect(entries.map((entry) => entry.details)).toEqual([
      `Took the admin role, for ${admin.email} (${admin.id}), an admin`,
      `Enabled the account, for ${admin.email} (${admin.id}), an admin`,
      `Disabled the account, for ${admin.email} (${admin.id}), an admin`,
      `Gave the admin role, for ${admin.email} (${admin.id})`,
    ]);
    expect(new Set(entries.map((entry) => entry.subject_user_id))).toEqual(new Set([admin.id]));
  });
});

describe('npm run admin -- enable', () => {
  it('lets an account disabled in the admin area sign in again', async () => {
    const user = await signedInUser(t, 'command-enable');
    await call(t.app, configured, 'POST', `/api/admin/users/${user.id}/disable`);
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(403);
    const said = await runAdminCommand(['enable', user.email.toUpperCase()], t.auth, t.payments);
    expect(said).toBe(`${user.email} is enabled: it can sign in again.`);
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('says how to call it when the e-mail is missing, and refuses an unknown account', async () => {
    await expect(runAdminCommand(['enable'], t.auth, t.payments)).rejects.toThrow(/npm run admin -- enable EMAIL/);
    await expect(runAdminCommand(['enable', 'nobody@example.com'], t.auth, t.payments)).rejects.toMatchObject({
      code: 'USER_NOT_FOUND',
    });
  });
});
