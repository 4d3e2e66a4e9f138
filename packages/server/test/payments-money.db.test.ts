import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { batchJobs, files, payments } from '../src/db/schema.js';
import { oneMonthFrom } from '../src/payments/service.js';
import { call, manyUsers, signedInAgain, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { paymentEvent, RAZORPAY_KEYS, RazorpayStub, sendWebhook, signedCheckout } from './support/razorpay-stub.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// What the server records decides every banner, discount, refund and plan card (issues 23 and 24).
let t: TestApp;
let stub: RazorpayStub;
beforeAll(async () => {
  stub = await RazorpayStub.start();
  t = await startTestApp({ env: { ...RAZORPAY_KEYS, RAZORPAY_API_URL: stub.url } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const HOUR = 60 * 60 * 1000;
const subscription = async (user: TestUser) =>
  (await call(t.app, user, 'GET', '/api/payments/user-subscription')).json();
const notice = async (user: TestUser) => (await call(t.app, user, 'GET', '/api/payments/notice')).json().notice;
const slotsLeft = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json().first_50_users.slots_left;

let paymentCount = 0;
/** Creates an order for a plan (or a pack) and returns its provider id and amount. */
async function order(user: TestUser, item: { plan_id: string } | { package_id: string }) {
  const url = 'plan_id' in item ? '/api/payments/create-order' : '/api/payments/pay-per-use';
  const response = await call(t.app, user, 'POST', url, { payload: item });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return { id: (body.id ?? body.order_id) as string, amount: body.amount as number, discount: body.discount_percent };
}

/** Razorpay's payment.captured webhook for an order; returns the payment id. */
async function capture(created: { id: string; amount: number }): Promise<string> {
  paymentCount += 1;
  const payment = { id: `pay_money_${paymentCount}`, order_id: created.id, amount: created.amount, currency: 'INR' };
  expect((await sendWebhook(t.app, paymentEvent('payment.captured', payment))).statusCode).toBe(200);
  return payment.id;
}

let refundCount = 0;
/** Razorpay's refund.processed webhook for `amount` of a captured payment. */
async function refund(created: { id: string; amount: number }, paymentId: string, amount: number, id?: string) {
  refundCount += 1;
  const event = {
    entity: 'event',
    event: 'refund.processed',
    payload: {
      refund: { entity: { id: id ?? `rfnd_money_${refundCount}`, payment_id: paymentId, amount } },
      payment: { entity: { id: paymentId, order_id: created.id, amount: created.amount, currency: 'INR' } },
    },
  };
  expect((await sendWebhook(t.app, event)).statusCode).toBe(200);
}

/** A recorded time in ms (0 when missing, which no assertion here expects). */
const timeOf = (date: Date | null | undefined) => (date ?? new Date(0)).getTime();
const periodEnd = async (user: TestUser) => new Date((await subscription(user)).period_end).getTime();

describe('the success banner comes from the recorded payment', () => {
  it('shows nothing to an account that never paid, whatever the address says', async () => {
    const user = await signedInUser(t, 'never-paid');
    expect(await notice(user)).toBeNull();
  });

  it('shows a verified payment once: acknowledged, it is gone; another account cannot acknowledge it', async () => {
    const user = await signedInUser(t, 'banner');
    const pack = await order(user, { package_id: 'small' });
    const verified = await call(t.app, user, 'POST', '/api/payments/complete-payment', {
      payload: signedCheckout(pack.id, 'pay_banner'),
    });
    expect(verified.statusCode).toBe(200);
    const shown = await notice(user);
    expect(shown).toMatchObject({ kind: 'credits', credits_added: 10, credits: 10, plan: null, full_month: true });
    const other = await signedInUser(t, 'banner-other');
    const foreign = await call(t.app, other, 'POST', '/api/payments/notice/acknowledge', {
      payload: { payment_id: shown.payment_id },
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await call(t.app, other, 'POST', '/api/payments/notice/acknowledge', {
      payload: { payment_id: 'not-a-uuid' },
    });
    expect(malformed.statusCode).toBe(404);
    expect(await notice(user)).not.toBeNull();
    const done = await call(t.app, user, 'POST', '/api/payments/notice/acknowledge', {
      payload: { payment_id: shown.payment_id },
    });
    expect(done.json()).toEqual({ notice: null });
    expect(await notice(user)).toBeNull();
  });

  it('a payment refunded in full is not announced', async () => {
    const user = await signedInUser(t, 'banner-refunded');
    const pack = await order(user, { package_id: 'small' });
    const paymentId = await capture(pack);
    await refund(pack, paymentId, pack.amount);
    expect(await notice(user)).toBeNull();
  });
});

describe('plan cards and downgrades', () => {
  it('says current, upgrade or downgrade from the catalogue order and refuses a downgrade while a month is paid', async () => {
    const user = await signedInUser(t, 'downgrade');
    const before = (await subscription(user)).plan_choices;
    expect(before.map((choice: { change: string }) => choice.change)).toEqual([
      'current',
      'upgrade',
      'upgrade',
      'upgrade',
      'upgrade',
    ]);
    expect(before.find((choice: { plan_id: string }) => choice.plan_id === 'enterprise').can_buy).toBe(false);
    await capture(await order(user, { plan_id: 'professional' }));
    const state = await subscription(user);
    expect(state.plan).toBe('professional');
    const byPlan = Object.fromEntries(
      state.plan_choices.map((choice: { plan_id: string }) => [choice.plan_id, choice]),
    );
    expect(byPlan.free).toMatchObject({ change: 'downgrade', can_buy: false, available_from: state.period_end });
    expect(byPlan.starter).toEqual({
      plan_id: 'starter',
      change: 'downgrade',
      can_buy: false,
      first_month_discount: false,
      available_from: state.period_end,
    });
    expect(byPlan.professional).toMatchObject({ change: 'current', can_buy: true, first_month_discount: false });
    expect(byPlan.business).toMatchObject({ change: 'upgrade', can_buy: true, first_month_discount: false });
    const refused = await call(t.app, user, 'POST', '/api/payments/create-order', { payload: { plan_id: 'starter' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PLAN_DOWNGRADE_REFUSED',
      detail: `Your current plan is paid until ${state.period_end.slice(0, 10)}: Starter can be bought once it ends.`,
    });
    // The next month of the current plan follows on from this one.
    const next = await order(user, { plan_id: 'professional' });
    expect(next.discount).toBe(0);
  });

  it('a downgrade from an operator’s plan is the operator’s to make', async () => {
    const user = await signedInUser(t, 'operator-downgrade');
    await t.payments.setPlanByOperator(user.id, 'business');
    const choices = await t.payments.planChoices(await t.accounts.byId(user.id));
    expect(choices.find((choice) => choice.plan_id === 'starter')).toMatchObject({
      change: 'downgrade',
      available_from: null,
    });
    expect(choices.find((choice) => choice.plan_id === 'business')).toMatchObject({
      change: 'current',
      can_buy: false,
    });
  });
});

describe('the first-50 discount is decided at capture', () => {
  it('three discounted Professional orders paid give one half-price month; the others buy half a month each', async () => {
    const user = await signedInUser(t, 'three-orders');
    const orders = [];
    for (let i = 0; i < 3; i += 1) orders.push(await order(user, { plan_id: 'professional' }));
    expect(orders.map((created) => created.amount)).toEqual([124950, 124950, 124950]);
    for (const created of orders) await capture(created);
    const rows = await t.database.handle.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.filter((row) => row.first50)).toHaveLength(1);
    const spans = rows
      .map((row) => ({
        first50: row.first50,
        from: row.grantedFrom ?? new Date(0),
        until: row.grantedUntil ?? new Date(0),
      }))
      .sort((a, b) => a.from.getTime() - b.from.getTime());
    expect(spans.map((span) => span.first50)).toEqual([true, false, false]);
    spans.forEach((span, index) => {
      const month = oneMonthFrom(span.from).getTime() - span.from.getTime();
      const bought = span.until.getTime() - span.from.getTime();
      // The honoured one buys a month; the others, paying half the regular price, half a month each.
      expect(bought).toBe(index === 0 ? month : Math.floor(month / 2 / 1000) * 1000);
    });
    // One account, one place.
    expect(await slotsLeft()).toBe(50 - (await holders()));
  });

  it('48 accounts with unpaid orders take no place: the offer is not sold out', async () => {
    const before = await slotsLeft();
    const throwaway = await manyUsers(t, 48);
    for (const account of throwaway) {
      expect((await order(account, { plan_id: 'starter' })).discount).toBe(50);
    }
    expect(await slotsLeft()).toBe(before);
    const buyer = await signedInUser(t, 'after-throwaways');
    expect((await order(buyer, { plan_id: 'starter' })).discount).toBe(50);
  }, 60_000);
});

async function holders(): Promise<number> {
  const rows = await t.database.handle.db.select().from(payments).where(eq(payments.first50, true));
  return new Set(rows.map((row) => row.userId)).size;
}

describe('refunds in proportion, in any order', () => {
  it('a refund reported before its capture is kept and applied right after the capture', async () => {
    const user = await signedInUser(t, 'early-refund');
    const created = await order(user, { plan_id: 'starter' });
    const paymentId = `pay_early_${Date.now()}`;
    await refund(created, paymentId, created.amount);
    expect((await subscription(user)).plan).toBe('free');
    const payment = { id: paymentId, order_id: created.id, amount: created.amount, currency: 'INR' };
    expect((await sendWebhook(t.app, paymentEvent('payment.captured', payment))).statusCode).toBe(200);
    expect((await subscription(user)).plan).toBe('free');
    const [record] = (await call(t.app, user, 'GET', '/api/payments/history')).json().payments;
    expect(record).toMatchObject({ status: 'refunded', refunded_amount: created.amount });
  });

  it('a 1-paisa refund takes back its share of the month (rounded down), not the plan', async () => {
    const user = await signedInUser(t, 'paisa');
    const created = await order(user, { plan_id: 'professional' });
    const paymentId = await capture(created);
    const end = await periodEnd(user);
    const start = t.clock.now().getTime();
    await refund(created, paymentId, 1);
    const state = await subscription(user);
    expect(state.plan).toBe('professional');
    const granted = Math.floor((end - start) / 1000);
    expect(end - (await periodEnd(user))).toBe(Math.floor(granted / created.amount) * 1000);
    const [record] = (await call(t.app, user, 'GET', '/api/payments/history')).json().payments;
    expect(record).toMatchObject({ status: 'partially_refunded', refunded_amount: 1 });
  });

  it('refunding month 1 of two stacked months takes back that month; then month 2 ends the plan', async () => {
    const user = await signedInUser(t, 'stacked');
    const month1 = await order(user, { plan_id: 'starter' });
    const pay1 = await capture(month1);
    const month2 = await order(user, { plan_id: 'starter' });
    expect(month2.amount).toBe(49900);
    const pay2 = await capture(month2);
    const rows = await t.database.handle.db.select().from(payments).where(eq(payments.userId, user.id));
    const span = (id: string) => {
      const row = rows.find((candidate) => candidate.providerPaymentId === id);
      return Math.floor((timeOf(row?.grantedUntil) - timeOf(row?.grantedFrom)) / 1000) * 1000;
    };
    const end = await periodEnd(user);
    await refund(month1, pay1, month1.amount);
    expect((await subscription(user)).plan).toBe('starter');
    expect(await periodEnd(user)).toBe(end - span(pay1));
    // The same refund reported again takes nothing more.
    await refund(month1, pay1, month1.amount, `rfnd_money_${refundCount}`);
    expect(await periodEnd(user)).toBe(end - span(pay1));
    await refund(month2, pay2, month2.amount);
    expect((await subscription(user)).plan).toBe('free');
  });

  it('refunding month 2 of two stacked months leaves month 1', async () => {
    const user = await signedInUser(t, 'stacked-2');
    const month1 = await order(user, { plan_id: 'starter' });
    await capture(month1);
    const end1 = await periodEnd(user);
    const month2 = await order(user, { plan_id: 'starter' });
    const pay2 = await capture(month2);
    await refund(month2, pay2, month2.amount);
    const state = await subscription(user);
    expect(state.plan).toBe('starter');
    expect(new Date(state.period_end).getTime()).toBe(end1);
  });

  it('a pack refunded in parts takes back credits in proportion, rounded down on the running total', async () => {
    const user = await signedInUser(t, 'pack-parts');
    const pack = await order(user, { package_id: 'small' });
    const paymentId = await capture(pack);
    expect((await subscription(user)).credits).toBe(10);
    await refund(pack, paymentId, 19950); // half: 5 credits
    expect((await subscription(user)).credits).toBe(5);
    await refund(pack, paymentId, 1); // floor(10 x 19951 / 39900) is still 5
    expect((await subscription(user)).credits).toBe(5);
    await refund(pack, paymentId, 19949); // the whole amount: all 10
    expect((await subscription(user)).credits).toBe(0);
  });
});

describe('a change of plan re-applies retention to what the account has', () => {
  it('a Free file kept 1 hour gets Starter’s day after the upgrade, and the hour again when the plan ends', async () => {
    const user = await signedInUser(t, 'retention');
    const converted = await uploadFile(t.app, user, { name: 'orders.json', content: '[{"a":1},{"a":2}]' });
    expect(converted.statusCode).toBe(200);
    const db = t.database.handle.db;
    const fileOf = async () => (await db.select().from(files).where(eq(files.userId, user.id)))[0];
    const before = await fileOf();
    expect(timeOf(before?.expiresAt) - timeOf(before?.createdAt)).toBe(HOUR);
    const now = t.clock.now();
    const [job] = await db
      .insert(batchJobs)
      .values({
        userId: user.id,
        status: 'completed',
        options: {},
        priority: 1,
        tier: 'free',
        createdAt: now,
        completedAt: now,
        keepSeconds: 3600,
      })
      .returning();

    await capture(await order(user, { plan_id: 'starter' }));
    const upgraded = await fileOf();
    expect(upgraded?.retentionType).toBe('premium');
    expect(timeOf(upgraded?.expiresAt) - timeOf(upgraded?.createdAt)).toBe(24 * HOUR);
    const jobRow = async () =>
      (
        await db
          .select()
          .from(batchJobs)
          .where(and(eq(batchJobs.id, job?.id ?? '')))
      )[0]?.keepSeconds;
    expect(await jobRow()).toBe(24 * 3600);

    // The payment is refunded in full: the plan ends now, and each keeps one more hour at most.
    const [paid] = await db.select().from(payments).where(eq(payments.userId, user.id));
    const [record] = (await call(t.app, user, 'GET', '/api/payments/history')).json().payments;
    await refund({ id: record.order_id, amount: paid?.amount ?? 0 }, paid?.providerPaymentId ?? '', paid?.amount ?? 0);
    expect((await subscription(user)).plan).toBe('free');
    const ended = await fileOf();
    expect(ended?.retentionType).toBe('free');
    expect(timeOf(ended?.expiresAt)).toBe(t.clock.now().getTime() + HOUR);
    expect(await jobRow()).toBe(3600);
  });

  it('within the user’s auto-delete setting, and for an operator’s grant too', async () => {
    const user = await signedInUser(t, 'retention-operator');
    await call(t.app, user, 'PUT', '/api/profile/settings', { payload: { auto_delete_days: 7 } });
    expect((await call(t.app, user, 'GET', '/api/profile/settings')).json().auto_delete_days).toBe(7);
    expect((await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":1}]' })).statusCode).toBe(200);
    await t.payments.setPlanByOperator(user.id, 'business');
    const [row] = await t.database.handle.db.select().from(files).where(eq(files.userId, user.id));
    // Business keeps 30 days; the user asked for 7.
    expect(timeOf(row?.expiresAt) - timeOf(row?.createdAt)).toBe(7 * 24 * HOUR);
  });

  it('npm run admin grant and revoke apply it too', async () => {
    const user = await signedInUser(t, 'retention-command');
    expect((await uploadFile(t.app, user, { name: 'a.json', content: '[{"a":1}]' })).statusCode).toBe(200);
    const kept = async () => {
      const [row] = await t.database.handle.db.select().from(files).where(eq(files.userId, user.id));
      return timeOf(row?.expiresAt) - timeOf(row?.createdAt);
    };
    await runAdminCommand(['grant', user.email, 'starter'], t.auth, t.payments);
    expect(await kept()).toBe(24 * HOUR);
    await runAdminCommand(['revoke', user.email], t.auth, t.payments);
    expect(await kept()).toBe(HOUR);
  });

  it('a month that runs out leaves a Professional file one more hour, not its seven days', async () => {
    const buyer = await signedInUser(t, 'retention-expiry');
    await capture(await order(buyer, { plan_id: 'professional' }));
    t.clock.advance((await periodEnd(buyer)) - t.clock.now().getTime() - HOUR);
    const user = await signedInAgain(t, buyer);
    expect((await uploadFile(t.app, user, { name: 'late.json', content: '[{"a":1}]' })).statusCode).toBe(200);
    const [made] = await t.database.handle.db.select().from(files).where(eq(files.userId, user.id));
    expect(timeOf(made?.expiresAt) - timeOf(made?.createdAt)).toBe(7 * 24 * HOUR);
    t.clock.advance(2 * HOUR);
    expect(await t.payments.endExpiredPlans()).toBeGreaterThanOrEqual(1);
    const [after] = await t.database.handle.db.select().from(files).where(eq(files.userId, user.id));
    expect(after?.retentionType).toBe('free');
    expect(timeOf(after?.expiresAt)).toBe(t.clock.now().getTime() + HOUR);
  });
});
