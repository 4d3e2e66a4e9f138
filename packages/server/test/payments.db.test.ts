import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser } from './support/api-client.js';
import { paymentEvent, RAZORPAY_KEYS, RazorpayStub, sendWebhook, signedCheckout } from './support/razorpay-stub.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let stub: RazorpayStub;
beforeAll(async () => {
  stub = await RazorpayStub.start();
  // Receipts are notifications whose mail a job sends: this app runs a job worker.
  t = await startTestApp({ env: { ...RAZORPAY_KEYS, RAZORPAY_API_URL: stub.url, WORKERS: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const subscription = async (user: TestUser) =>
  (await call(t.app, user, 'GET', '/api/payments/user-subscription')).json();
const history = async (user: TestUser) => (await call(t.app, user, 'GET', '/api/payments/history')).json().payments;
const packOrder = async (user: TestUser, extra: object = {}) =>
  (await call(t.app, user, 'POST', '/api/payments/pay-per-use', { payload: { package_id: 'small', ...extra } })).json();
const planOrder = (user: TestUser, extra: object = {}) =>
  call(t.app, user, 'POST', '/api/payments/create-order', { payload: { plan_id: 'professional', ...extra } });

describe('orders', () => {
  it('prices a plan from the catalogue through Razorpay’s Orders API, ignoring any client amount', async () => {
    const user = await signedInUser(t, 'order');
    const response = await planOrder(user, { amount: 100, currency: 'INR', price: 1 });
    expect(response.statusCode).toBe(200);
    const order = response.json();
    // Professional is 2,499 INR; the first paid subscriptions get half off the first month.
    expect(order).toMatchObject({ amount: 124950, currency: 'INR', key_id: 'rzp_test_stubkey', test_mode: false });
    expect(order.discount_percent).toBe(50);
    const sent = stub.orders.at(-1);
    expect(sent?.body).toMatchObject({ amount: 124950, currency: 'INR' });
    expect(sent?.authorization).toBe(`Basic ${Buffer.from('rzp_test_stubkey:stub-key-secret').toString('base64')}`);
    const pack = await packOrder(user, { amount: 1, conversions: 1000, currency: 'USD' });
    expect(pack).toMatchObject({ razorpay_key: 'rzp_test_stubkey', amount: 499, currency: 'USD', test_mode: false });
  });

  it('refuses plans that cannot be bought and unknown packs, with the spec’s text', async () => {
    const user = await signedInUser(t, 'invalid');
    for (const plan of ['free', 'enterprise', 'nope']) {
      const response = await planOrder(user, { plan_id: plan });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_PLAN', detail: 'Invalid plan selected' });
    }
    const pack = await call(t.app, user, 'POST', '/api/payments/pay-per-use', { payload: { package_id: 'huge' } });
    expect(pack.json().code).toBe('INVALID_PACK');
  });

  it('answers 502 “Failed to create payment order” when Razorpay fails, and keeps no open order', async () => {
    const user = await signedInUser(t, 'provider-down');
    stub.failing = true;
    try {
      const response = await planOrder(user);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ code: 'ORDER_FAILED', detail: 'Failed to create payment order' });
    } finally {
      stub.failing = false;
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pay-per-use',
      payload: { package_id: 'small' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('verifying a checkout', () => {
  it('refuses a signature with any of the three fields altered, and grants nothing', async () => {
    const user = await signedInUser(t, 'tamper');
    const order = await packOrder(user);
    const good = signedCheckout(order.order_id, 'pay_tamper1');
    const altered = [
      { ...good, razorpay_order_id: `${order.order_id}x` },
      { ...good, razorpay_payment_id: 'pay_tamper2' },
      { ...good, razorpay_signature: good.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      signedCheckout(order.order_id, 'pay_tamper1', 'another-secret'),
    ];
    for (const payload of altered) {
      const response = await call(t.app, user, 'POST', '/api/payments/complete-payment', { payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'PAYMENT_VERIFICATION_FAILED', detail: 'Payment verification failed' });
    }
    expect((await subscription(user)).credits).toBe(0);
    expect(await history(user)).toEqual([]);
  });

  it('grants a pack once: a replayed verify answers the same and adds nothing', async () => {
    const user = await signedInUser(t, 'replay');
    const order = await packOrder(user);
    const result = signedCheckout(order.order_id, 'pay_replay');
    const first = await call(t.app, user, 'POST', '/api/payments/complete-payment', { payload: result });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, kind: 'credits', plan: null, period_end: null, credits: 10 });
    const again = await call(t.app, user, 'POST', '/api/payments/complete-payment', { payload: result });
    expect(again.json().credits).toBe(10);
    expect((await subscription(user)).credits).toBe(10);
    const stats = (await call(t.app, user, 'GET', '/api/profile/stats')).json();
    expect(stats.conversionCredits).toBe(10);
    const payments = await history(user);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: 'credits',
      item_id: 'small',
      amount: 39900,
      currency: 'INR',
      credits: 10,
      status: 'paid',
      test_mode: false,
      payment_id: 'pay_replay',
    });
    const receipt = await call(t.app, user, 'GET', `/api/payments/receipts/${payments[0].id}`);
    expect(receipt.json()).toEqual(payments[0]);
    const mail = await t.inbox.next(user.email);
    expect(mail.raw).toContain('Small Pack');
    expect(mail.raw).toContain('pay_replay');
  });

  it('refuses someone else’s order, even with a valid signature', async () => {
    const owner = await signedInUser(t, 'owner');
    const thief = await signedInUser(t, 'thief');
    const order = await packOrder(owner);
    const response = await call(t.app, thief, 'POST', '/api/payments/complete-payment', {
      payload: signedCheckout(order.order_id, 'pay_thief'),
    });
    expect(response.statusCode).toBe(400);
    expect((await subscription(thief)).credits).toBe(0);
    expect((await subscription(owner)).credits).toBe(0);
    const receipt = await call(t.app, thief, 'GET', '/api/payments/receipts/00000000-0000-0000-0000-000000000000');
    expect(receipt.statusCode).toBe(404);
  });

  it('activates a plan for one month, and cancel/resume only change renewal', async () => {
    const user = await signedInUser(t, 'plan');
    const order = (await planOrder(user)).json();
    const verify = await call(t.app, user, 'POST', '/api/payments/verify', {
      payload: signedCheckout(order.id, 'pay_plan'),
    });
    expect(verify.statusCode).toBe(200);
    const now = t.clock.now();
    const periodEnd = new Date(now);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    expect(verify.json()).toMatchObject({ kind: 'plan', plan: 'professional', period_end: periodEnd.toISOString() });
    expect(await subscription(user)).toMatchObject({
      plan: 'professional',
      is_premium: true,
      renews: true,
      period_end: periodEnd.toISOString(),
    });
    const cancel = await call(t.app, user, 'POST', '/api/payments/cancel');
    expect(cancel.json()).toEqual({ plan: 'professional', period_end: periodEnd.toISOString(), renews: false });
    expect(await subscription(user)).toMatchObject({ plan: 'professional', renews: false });
    expect((await call(t.app, user, 'POST', '/api/payments/resume')).json().renews).toBe(true);
  });

  it('cancel without a bought plan is a 404 with a reason', async () => {
    const user = await signedInUser(t, 'nothing');
    const response = await call(t.app, user, 'POST', '/api/payments/cancel');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('You have no bought plan running');
  });
});

describe('webhooks', () => {
  it('refuses a bad signature with 400 before reading the body, and grants nothing', async () => {
    const user = await signedInUser(t, 'bad-hook');
    const order = await packOrder(user);
    const event = paymentEvent('payment.captured', {
      id: 'pay_badhook',
      order_id: order.order_id,
      amount: 39900,
      currency: 'INR',
    });
    for (const options of [{ secret: 'wrong' }, { signature: '' }, { signature: 'zz' }]) {
      const response = await sendWebhook(t.app, event, options);
      expect(response.statusCode).toBe(400);
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.statusCode).toBe(400);
    expect((await subscription(user)).credits).toBe(0);
  });

  it('grants nothing when the paid amount differs from the order (a tampered amount)', async () => {
    const user = await signedInUser(t, 'amount');
    const order = await packOrder(user);
    const event = paymentEvent('payment.captured', {
      id: 'pay_cheap',
      order_id: order.order_id,
      amount: 100,
      currency: 'INR',
    });
    expect((await sendWebhook(t.app, event)).statusCode).toBe(200);
    const otherCurrency = paymentEvent('order.paid', {
      id: 'pay_usd',
      order_id: order.order_id,
      amount: 39900,
      currency: 'USD',
    });
    expect((await sendWebhook(t.app, otherCurrency)).statusCode).toBe(200);
    expect((await subscription(user)).credits).toBe(0);
  });

  it('grants once for 3 sequential and 5 concurrent duplicates, and without any verify (browser closed)', async () => {
    const user = await signedInUser(t, 'dupes');
    const order = await packOrder(user);
    const captured = paymentEvent('payment.captured', {
      id: 'pay_dupe',
      order_id: order.order_id,
      amount: 39900,
      currency: 'INR',
    });
    const paid = paymentEvent('order.paid', {
      id: 'pay_dupe',
      order_id: order.order_id,
      amount: 39900,
      currency: 'INR',
    });
    for (let i = 0; i < 3; i += 1) expect((await sendWebhook(t.app, captured)).statusCode).toBe(200);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, (_, i) => sendWebhook(t.app, i % 2 ? paid : captured)),
    );
    expect(concurrent.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await subscription(user)).credits).toBe(10);
    expect(await history(user)).toHaveLength(1);
  });

  it('grants once when the browser’s verify races the webhook', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await signedInUser(t, `race${round}`);
      const order = await packOrder(user);
      const paymentId = `pay_race${round}`;
      const event = paymentEvent('payment.captured', {
        id: paymentId,
        order_id: order.order_id,
        amount: 39900,
        currency: 'INR',
      });
      const [verify, hook] = await Promise.all([
        call(t.app, user, 'POST', '/api/payments/complete-payment', {
          payload: signedCheckout(order.order_id, paymentId),
        }),
        sendWebhook(t.app, event),
      ]);
      expect([verify.statusCode, hook.statusCode]).toEqual([200, 200]);
      expect(verify.json().credits).toBe(10);
      expect((await subscription(user)).credits).toBe(10);
    }
  });

  it('takes back the unspent credits of a refunded pack once, and records the refund', async () => {
    const user = await signedInUser(t, 'refund');
    const order = await packOrder(user);
    const payment = { id: 'pay_refund', order_id: order.order_id, amount: 39900, currency: 'INR' };
    await sendWebhook(t.app, paymentEvent('payment.captured', payment));
    const refund = {
      entity: 'event',
      event: 'refund.processed',
      payload: {
        refund: { entity: { id: 'rfnd_1', payment_id: 'pay_refund', amount: 39900 } },
        payment: { entity: payment },
      },
    };
    expect((await sendWebhook(t.app, refund)).statusCode).toBe(200);
    expect((await sendWebhook(t.app, refund)).statusCode).toBe(200);
    expect((await subscription(user)).credits).toBe(0);
    const [record] = await history(user);
    expect(record).toMatchObject({ status: 'refunded', refunded_amount: 39900 });
  });

  it('ends a plan whose payment was refunded', async () => {
    const user = await signedInUser(t, 'refund-plan');
    const order = (await planOrder(user)).json();
    const payment = { id: 'pay_refplan', order_id: order.id, amount: order.amount, currency: 'INR' };
    await call(t.app, user, 'POST', '/api/payments/verify', { payload: signedCheckout(order.id, payment.id) });
    expect((await subscription(user)).plan).toBe('professional');
    const refund = {
      event: 'refund.processed',
      payload: {
        refund: { entity: { id: 'rfnd_plan', payment_id: payment.id, amount: order.amount } },
        payment: { entity: payment },
      },
    };
    await sendWebhook(t.app, refund);
    expect(await subscription(user)).toMatchObject({ plan: 'free', period_end: null });
  });

  it('a failed payment leaves the order unpaid; a later successful one is still granted', async () => {
    const user = await signedInUser(t, 'failed');
    const order = await packOrder(user);
    const payment = { id: 'pay_failed', order_id: order.order_id, amount: 39900, currency: 'INR' };
    await sendWebhook(t.app, paymentEvent('payment.failed', payment));
    expect((await subscription(user)).credits).toBe(0);
    const retry = await call(t.app, user, 'POST', '/api/payments/complete-payment', {
      payload: signedCheckout(order.order_id, 'pay_retry'),
    });
    expect(retry.json().credits).toBe(10);
  });
});

describe('the page policy', () => {
  it('lets Razorpay’s checkout script and frames in when payments go through Razorpay', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/plans' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(policy).toContain("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
    expect(response.json().checkout).toEqual({ mode: 'razorpay', key_id: 'rzp_test_stubkey' });
  });
});
