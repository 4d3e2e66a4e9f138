import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../src/auth/access-tokens.js';
import { users } from '../src/db/schema.js';
import { call, signedInUser, type TestUser } from './support/api-client.js';
import { SmtpInbox } from './support/smtp-inbox.js';
import { JWT_SECRET, post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

const ENV = { WORKERS: '1', LONG_CONVERSION_SECONDS: '0', NOTIFICATION_MAIL_RETRY_SECONDS: '1' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: ENV });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Headers of a raw message with folded lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
}

/** The message with quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function unsubscribeUrl(raw: string): URL {
  const value = header(raw, 'List-Unsubscribe');
  const url = /^<([^>]+)>$/.exec(value ?? '')?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in ${raw}`);
  return new URL(url);
}

async function notify(
  app: TestApp,
  user: { id: string },
  kind: 'conversion_completed' | 'payment_receipt',
  key: string,
) {
  await app.notifications.notify({
    userId: user.id,
    kind,
    eventKey: key,
    title: 'orders.json converted to CSV',
    body: 'Your conversion of orders.json finished <quickly> & well.',
    summary: 'Finished quickly.',
    link: '/files',
  });
}

const settingsOf = async (user: TestUser) => (await call(t.app, user, 'GET', '/api/notifications/settings')).json();

describe('a notification e-mail', () => {
  it('has a text and an HTML part and one-click unsubscribe headers (RFC 8058)', async () => {
    const user = await signedInUser(t, 'parts');
    await notify(t, user, 'conversion_completed', `parts:${user.id}`);
    const mail = await t.inbox.next(user.email);
    expect(header(mail.raw, 'Subject')).toBe('orders.json converted to CSV');
    expect(header(mail.raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const text = decoded(mail.raw);
    expect(text).toContain('finished <quickly> & well.');
    expect(text).toContain('<p>Your conversion of orders.json finished &#60;quickly&#62; &#38; well.</p>');
    expect(text).toContain(
      `Unsubscribe (turns off conversion and batch notifications (in the app and by e-mail)): ${header(mail.raw, 'List-Unsubscribe')?.slice(1, -1)}`,
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeUrl(mail.raw);
    expect(link.pathname).toBe('/api/notifications/unsubscribe');
    expect(link.searchParams.get('user')).toBe(user.id);
    expect(link.searchParams.get('kind')).toBe('conversion_completed');
    const [notice] = (await call(t.app, user, 'GET', '/api/notifications')).json().notifications;
    // Sent once: the mail job again does nothing.
    await t.notifications.sendMail(notice.id);
    expect(t.inbox.pending(user.email)).toBe(0);
  });
});

describe('the unsubscribe link', () => {
  it('shows what it turns off and turns it off without signing in (one-click POST)', async () => {
    const user = await signedInUser(t, 'unsubscribe');
    await notify(t, user, 'conversion_completed', `unsub:${user.id}`);
    const link = unsubscribeUrl((await t.inbox.next(user.email)).raw);
    const pageUrl = `${link.pathname}${link.search}`;
    const page = await t.app.inject({ method: 'GET', url: pageUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('This turns off conversion and batch notifications');
    // A GET (a link preview, a mail scanner) changes nothing.
    expect((await settingsOf(user)).conversion_notifications).toBe(true);
    const done = await t.app.inject({
      method: 'POST',
      url: pageUrl,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('are now off');
    expect(await settingsOf(user)).toEqual({
      email_notifications: true,
      conversion_notifications: false,
      storage_alerts: true,
    });
  });

  it('of account mail (receipts, reminders) turns every e-mail off', async () => {
    const user = await signedInUser(t, 'unsubscribe-account');
    await notify(t, user, 'payment_receipt', `unsub-account:${user.id}`);
    const link = unsubscribeUrl((await t.inbox.next(user.email)).raw);
    expect((await t.app.inject({ method: 'POST', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);
    expect((await settingsOf(user)).email_notifications).toBe(false);
  });

  it('refuses a tampered link (400) and changes nothing', async () => {
    const user = await signedInUser(t, 'tampered');
    const other = await signedInUser(t, 'tampered-other');
    await notify(t, user, 'conversion_completed', `tampered:${user.id}`);
    const link = unsubscribeUrl((await t.inbox.next(user.email)).raw);
    const sig = link.searchParams.get('sig') ?? '';
    const variants = [
      { user: user.id, kind: 'conversion_completed', sig: `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}` },
      { user: user.id, kind: 'storage_80', sig },
      { user: other.id, kind: 'conversion_completed', sig },
      { user: user.id, kind: 'no_such_kind', sig },
    ];
    for (const query of variants) {
      const url = `/api/notifications/unsubscribe?${new URLSearchParams(query).toString()}`;
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          detail: 'This unsubscribe link is not valid',
          code: 'UNSUBSCRIBE_LINK_INVALID',
        });
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    for (const who of [user, other]) {
      expect(await settingsOf(who)).toEqual({
        email_notifications: true,
        conversion_notifications: true,
        storage_alerts: true,
      });
    }
  });
});

describe('payments', () => {
  async function buyStarter(user: TestUser) {
    const order = (
      await call(t.app, user, 'POST', '/api/payments/create-order', { payload: { plan_id: 'starter' } })
    ).json();
    const paid = await t.app.inject({
      method: 'POST',
      url: order.checkout_url,
      payload: 'outcome=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const result = Object.fromEntries(new URL(String(paid.headers.location), 'http://localhost').searchParams);
    expect((await call(t.app, user, 'POST', '/api/payments/verify', { payload: result })).statusCode).toBe(200);
    // Verified again (the webhook, a replay): still one receipt.
    await call(t.app, user, 'POST', '/api/payments/verify', { payload: result });
  }

  it('the receipt and the plan reminder are notifications, e-mailed once each', async () => {
    const user = await signedInUser(t, 'buyer');
    await buyStarter(user);
    const receipt = await t.inbox.next(user.email);
    expect(header(receipt.raw, 'Subject')).toBe('Your Unnest receipt: Starter plan, one month');
    expect(receipt.raw).toContain('Test mode: no money moved.');
    const listed = (await call(t.app, user, 'GET', '/api/notifications')).json();
    expect(listed.notifications.map((n: { kind: string }) => n.kind)).toEqual(['payment_receipt']);
    expect(listed.notifications[0].link).toMatch(/^\/payments\/receipts\//);
    // The e-mail's ISO date stays in the mail; the bell's sentence carries it for the reader's locale.
    expect(receipt.raw).toMatch(/Date: \d{4}-\d\d-\d\dT/);
    expect(listed.notifications[0]).toMatchObject({
      summary: expect.stringMatching(
        /^Test mode: no money moved\. You paid [\d,.]+ INR on \{date\}\. Open it for the receipt\.$/,
      ),
      date: t.clock.now().toISOString(),
    });
    expect(listed.notifications[0].summary).not.toMatch(/\d{4}-\d\d-\d\dT/);
    const end = new Date((await call(t.app, user, 'GET', '/api/payments/user-subscription')).json().period_end);
    t.clock.advance(end.getTime() - t.clock.now().getTime() - 2 * 24 * 60 * 60 * 1000);
    await t.payments.sendRenewalReminders();
    await t.payments.sendRenewalReminders();
    const reminder = await t.inbox.next(user.email);
    expect(reminder.raw).toContain('Your Starter plan ends on');
    // Weeks later the access token has expired: sign in again.
    const login = await post(t.app, '/api/auth/login', { email: user.email, password: 'correct horse' });
    const again = { ...user, auth: { authorization: `Bearer ${login.json().tokens.access_token}` } };
    const kinds = (await call(t.app, again, 'GET', '/api/notifications'))
      .json()
      .notifications.map((n: { kind: string }) => n.kind);
    expect(kinds).toEqual(['plan_ending', 'payment_receipt']);
    const [ending] = (await call(t.app, again, 'GET', '/api/notifications')).json().notifications;
    expect(ending).toMatchObject({
      title: 'Your Unnest Starter plan ends soon',
      summary: expect.stringMatching(/^It ends on \{date\}\. /),
      date: end.toISOString(),
    });
  });

  it('with e-mail off, the receipt is in the bell only', async () => {
    const user = await signedInUser(t, 'buyer-quiet');
    await call(t.app, user, 'PUT', '/api/notifications/settings', { payload: { email_notifications: false } });
    await buyStarter(user);
    const [notice] = (await call(t.app, user, 'GET', '/api/notifications')).json().notifications;
    expect(notice.kind).toBe('payment_receipt');
    await t.notifications.sendMail(notice.id);
    expect(t.inbox.pending(user.email)).toBe(0);
  });
});

describe('a mail server outage', () => {
  let down: TestApp;
  let port: number;
  let inbox: SmtpInbox | undefined;
  let refuser: net.Server;
  let attempts = 0;
  beforeAll(async () => {
    // Down: the port takes connections and drops them at once, counting each attempt.
    refuser = net.createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    port = await new Promise<number>((resolve) => {
      refuser.listen(0, '127.0.0.1', () => {
        const address = refuser.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
    down = await startTestApp({ env: { ...ENV, SMTP_URL: `smtp://127.0.0.1:${port}` } });
  }, 60_000);
  afterAll(async () => {
    await down?.close();
    await inbox?.close();
  });

  it('delays the mail and never fails the action; it is delivered once the server is back', async () => {
    // Signing up mails a code, so this account is made directly, with a signed token.
    const now = down.clock.now();
    const [row] = await down.database.handle.db
      .insert(users)
      .values({
        email: uniqueEmail('outage'),
        passwordHash: 'unused',
        emailConfirmedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('no user');
    const token = await new AccessTokens(new TextEncoder().encode(JWT_SECRET)).sign(
      { sub: row.id, email: row.email, groups: [], is_premium: false, plan: 'free' },
      row.sessionEpoch,
      now,
    );
    const user = { id: row.id, email: row.email, auth: { authorization: `Bearer ${token}` } };
    const { multipartBody } = await import('./support/api-client.js');
    const { payload, headers } = multipartBody({ name: 'orders.json', content: '[{"a":1}]' });
    const converted = await down.app.inject({
      method: 'POST',
      url: '/api/convert/file',
      payload,
      headers: { ...headers, ...user.auth },
    });
    expect(converted.statusCode).toBe(200);
    await expect
      .poll(async () => (await call(down.app, user, 'GET', '/api/notifications')).json().total, { timeout: 15_000 })
      .toBe(1);
    // The mail job tries, fails and tries again, while the action above has long succeeded.
    await expect.poll(() => attempts, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await new Promise<void>((resolve) => refuser.close(() => resolve()));
    inbox = await SmtpInbox.start(port);
    const mail = await inbox.next(user.email, 40_000);
    expect(header(mail.raw, 'Subject')).toBe('orders.json converted to CSV');
  }, 90_000);
});
