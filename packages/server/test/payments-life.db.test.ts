import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, manyUsers, signedInUser, type TestUser } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Test mode: the default on a local PUBLIC_URL without keys.
let t: TestApp;
beforeAll(async () => {
  // Receipts and reminders are notifications whose mail a job sends: this app runs a job worker.
  t = await startTestApp({ env: { WORKERS: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const subscription = async (user: TestUser) =>
  (await call(t.app, user, 'GET', '/api/payments/user-subscription')).json();

/** Pays an order on the test-mode checkout page and follows the redirect's signed result. */
async function payOnTestCheckout(checkoutUrl: string, outcome: 'pay' | 'decline' = 'pay') {
  const response = await t.app.inject({
    method: 'POST',
    url: checkoutUrl,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(303);
  return new URL(String(response.headers.location), 'http://localhost');
}

describe('test mode', () => {
  it('serves its own labelled checkout whose signed result goes through the same verification', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json();
    expect(plans.checkout).toEqual({ mode: 'test', key_id: null });
    const user = await signedInUser(t, 'testmode');
    const order = (
      await call(t.app, user, 'POST', '/api/payments/pay-per-use', { payload: { package_id: 'medium' } })
    ).json();
    expect(order).toMatchObject({ test_mode: true, razorpay_key: null, amount: 79900 });
    const page = await t.app.inject({ method: 'GET', url: order.checkout_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode: no money moves');
    expect(page.body).toContain('799.00 INR');
    const back = await payOnTestCheckout(order.checkout_url);
    expect(back.pathname).toBe('/payments/return');
    const result = Object.fromEntries(back.searchParams);
    expect(result).toMatchObject({ kind: 'credits', status: 'paid', razorpay_order_id: order.order_id });
    const forged = { ...result, razorpay_signature: 'f'.repeat(64) };
    const refused = await call(t.app, user, 'POST', '/api/payments/complete-payment', { payload: forged });
    expect(refused.statusCode).toBe(400);
    const done = await call(t.app, user, 'POST', '/api/payments/complete-payment', { payload: result });
    expect(done.json().credits).toBe(25);
    const [payment] = (await call(t.app, user, 'GET', '/api/payments/history')).json().payments;
    expect(payment.test_mode).toBe(true);
    const mail = await t.inbox.next(user.email);
    expect(mail.raw).toContain('Test mode: no money moved.');
    // A paid order's checkout is closed.
    expect((await t.app.inject({ method: 'GET', url: order.checkout_url })).statusCode).toBe(404);
  });

  it('declining closes the order and grants nothing', async () => {
    const user = await signedInUser(t, 'decline');
    const order = (
      await call(t.app, user, 'POST', '/api/payments/pay-per-use', { payload: { package_id: 'small' } })
    ).json();
    const back = await payOnTestCheckout(order.checkout_url, 'decline');
    expect(Object.fromEntries(back.searchParams)).toEqual({ kind: 'credits', status: 'declined' });
    expect((await t.app.inject({ method: 'GET', url: order.checkout_url })).statusCode).toBe(404);
    expect((await subscription(user)).credits).toBe(0);
  });
});

describe('plan life', () => {
  it('reminds 3 days before the end once, then ends the plan back to Free (fake clock, jobs run twice)', async () => {
    const user = await signedInUser(t, 'expiry');
    const order = (
      await call(t.app, user, 'POST', '/api/payments/create-order', { payload: { plan_id: 'starter' } })
    ).json();
    const back = await payOnTestCheckout(order.checkout_url);
    await call(t.app, user, 'POST', '/api/payments/verify', { payload: Object.fromEntries(back.searchParams) });
    await t.inbox.next(user.email); // the receipt
    const state = await subscription(user);
    expect(state).toMatchObject({ plan: 'starter', renews: true });
    const end = new Date(state.period_end).getTime();
    const day = 24 * 60 * 60 * 1000;

    t.clock.advance(end - t.clock.now().getTime() - 4 * day);
    expect(await t.payments.sendRenewalReminders()).toBe(0);
    t.clock.advance(1.5 * day);
    expect(await t.payments.sendRenewalReminders()).toBe(1);
    expect(await t.payments.sendRenewalReminders()).toBe(0);
    const reminder = await t.inbox.next(user.email);
    expect(reminder.raw).toContain('Your Starter plan ends on');
    expect(await t.payments.endExpiredPlans()).toBe(0);

    t.clock.advance(3 * day);
    expect(await t.payments.endExpiredPlans()).toBe(1);
    expect(await t.payments.endExpiredPlans()).toBe(0);
    expect(await t.auth.currentUser(user.id)).toMatchObject({ plan: 'free' });
  });

  it('an operator’s plan given meanwhile outlives the bought one', async () => {
    const user = await signedInUser(t, 'operator-after');
    const order = (
      await call(t.app, user, 'POST', '/api/payments/create-order', { payload: { plan_id: 'starter' } })
    ).json();
    const back = await payOnTestCheckout(order.checkout_url);
    await call(t.app, user, 'POST', '/api/payments/verify', { payload: Object.fromEntries(back.searchParams) });
    await t.auth.setPlan(user.email, 'enterprise');
    const end = new Date((await subscription(user)).period_end).getTime();
    t.clock.advance(end - t.clock.now().getTime() + 1000);
    await t.payments.endExpiredPlans();
    expect(await t.auth.currentUser(user.id)).toMatchObject({ plan: 'enterprise' });
  });

  it('a cancelled plan gets no reminder', async () => {
    const user = await signedInUser(t, 'cancelled');
    const order = (
      await call(t.app, user, 'POST', '/api/payments/create-order', { payload: { plan_id: 'starter' } })
    ).json();
    const back = await payOnTestCheckout(order.checkout_url);
    await call(t.app, user, 'POST', '/api/payments/verify', { payload: Object.fromEntries(back.searchParams) });
    await call(t.app, user, 'POST', '/api/payments/cancel');
    const end = new Date((await subscription(user)).period_end).getTime();
    t.clock.advance(end - t.clock.now().getTime() - 60_000);
    // Other accounts' plans may be due too; this one must not be among them.
    await t.payments.sendRenewalReminders();
    // The access token has expired by now: ask the service.
    const { notifications } = await t.notifications.list(user.id, 1, 20);
    expect(notifications.map((notice) => notice.kind)).toEqual(['payment_receipt']);
  });
});

describe('spending credits', () => {
  it('50 concurrent spends on 10 credits spend exactly 10; giving back restores one each', async () => {
    const user = await signedInUser(t, 'spender');
    const order = (
      await call(t.app, user, 'POST', '/api/payments/pay-per-use', { payload: { package_id: 'small' } })
    ).json();
    const back = await payOnTestCheckout(order.checkout_url);
    await call(t.app, user, 'POST', '/api/payments/complete-payment', {
      payload: Object.fromEntries(back.searchParams),
    });
    expect((await subscription(user)).credits).toBe(10);
    const taken = await Promise.all(Array.from({ length: 50 }, () => t.payments.takeCredit(user.id)));
    const spent = taken.filter((giveBack) => giveBack !== undefined);
    expect(spent).toHaveLength(10);
    expect((await subscription(user)).credits).toBe(0);
    await spent[0]?.();
    await spent[0]?.();
    expect((await subscription(user)).credits).toBe(1);
  });
});

describe('the first-50 offer', () => {
  // Last in this file: the receipts of 55 payments keep the mail job busy for a while.
  it('is honoured at capture for exactly the places left of 55 concurrent first purchases; the rest buy half a month', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json().first_50_users.slots_left;
    // The plans bought above took a place each.
    expect(before).toBeGreaterThan(40);
    const operatorGiven = await signedInUser(t, 'operator');
    await t.auth.setPlan(operatorGiven.email, 'business');
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json().first_50_users.slots_left).toBe(
      before,
    );

    const buyers = await manyUsers(t, 55);
    const orders = await Promise.all(
      buyers.map((buyer) =>
        call(t.app, buyer, 'POST', '/api/payments/create-order', { payload: { plan_id: 'starter' } }),
      ),
    );
    expect(orders.every((response) => response.statusCode === 200)).toBe(true);
    const bodies = orders.map((response) => response.json());
    // Unpaid orders hold no place: every first order is priced with the discount.
    expect(bodies.every((order) => order.discount_percent === 50 && order.amount === 24950)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json().first_50_users.slots_left).toBe(
      before,
    );
    const returns = await Promise.all(bodies.map((order) => payOnTestCheckout(order.checkout_url)));
    const verified = await Promise.all(
      returns.map((back, index) =>
        call(t.app, buyers[index] as TestUser, 'POST', '/api/payments/verify', {
          payload: Object.fromEntries(back.searchParams),
        }),
      ),
    );
    expect(verified.filter((response) => response.statusCode !== 200).map((response) => response.body)).toEqual([]);
    const notices = await Promise.all(
      buyers.map(async (buyer) => (await call(t.app, buyer, 'GET', '/api/payments/notice')).json().notice),
    );
    expect(notices.filter((notice) => notice.full_month)).toHaveLength(before);
    const day = 24 * 60 * 60 * 1000;
    for (const notice of notices.filter((candidate) => !candidate.full_month)) {
      // Half the regular price buys half a month (of 28 to 31 days).
      const bought = new Date(notice.granted_until).getTime() - t.clock.now().getTime();
      expect(bought).toBeGreaterThanOrEqual(14 * day - 1000);
      expect(bought).toBeLessThanOrEqual(15.5 * day);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json().first_50_users).toMatchObject({
      slots_left: 0,
      active: false,
    });
  }, 120_000);
});
