import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  creditBalances,
  creditGrants,
  paymentOrders,
  paymentRefunds,
  payments,
  subscriptions,
  users,
} from '../db/schema.js';

export type OrderRow = typeof paymentOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
type NewOrder = Omit<typeof paymentOrders.$inferInsert, 'id' | 'first50' | 'amount' | 'providerOrderId'>;

/** The verified payment a grant records. */
export interface VerifiedPayment {
  providerPaymentId: string;
  amount: number;
  currency: string;
  verifiedBy: string;
}

/** A refund as Razorpay reported it (a verified webhook). */
export interface ReportedRefund {
  providerRefundId: string;
  providerPaymentId: string;
  providerOrderId: string;
  amount: number;
}

/** What the refunds applied in one call took back. */
export interface TakenBack {
  credits: number;
  seconds: number;
  /** Whether the plan ended because of them (the account went back to Free). */
  planEnded: boolean;
}

/**
 * The plan time a captured plan payment buys, from the subscription the account has (if any):
 * `fraction` of a month (1 unless a discounted price was paid without the discount honoured), and
 * where the run of months of this plan began.
 */
export type PeriodFor = (
  current: SubscriptionRow | undefined,
  fraction: number,
) => { runStart: Date; start: Date; end: Date };

// A valid UUID never matches anything else; a malformed id must not reach the uuid column (an error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Serialises first-50 decisions on both databases (a transaction-scoped advisory lock).
const FIRST_50_LOCK = 'payments.first50';

/** The only SQL of payments: orders, verified payments, credit balances and plan periods. */
export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts an order at `amount`, or at `first50.discountedAmount` when the account may still get the
   * first-50 discount (it has no plan payment and fewer than `first50.slots` accounts have had it).
   * This only prices the order: whether the discount is honoured is decided at capture.
   */
  async createOrder(
    order: NewOrder,
    amount: number,
    first50: { slots: number; discountedAmount: number } | undefined,
  ): Promise<OrderRow> {
    const discounted = first50 !== undefined && (await this.first50Eligible(order.userId, first50.slots));
    const [row] = await this.db
      .insert(paymentOrders)
      .values({ ...order, first50: discounted, amount: discounted && first50 ? first50.discountedAmount : amount })
      .returning();
    if (!row) throw new Error('order was not inserted');
    return row;
  }

  /** Whether the account could get the first-50 discount now (no plan payment yet, a place left). */
  async first50Eligible(userId: string, slots: number): Promise<boolean> {
    return (await planPaymentsOf(this.db, userId)) === 0 && (await first50Holders(this.db)) < slots;
  }

  /** Accounts whose first-50 discount was honoured at capture (unpaid orders hold no place). */
  async first50Holders(): Promise<number> {
    return first50Holders(this.db);
  }

  async setProviderOrderId(id: string, providerOrderId: string, now: Date): Promise<OrderRow> {
    const [row] = await this.db
      .update(paymentOrders)
      .set({ providerOrderId, status: 'created', updatedAt: now })
      .where(eq(paymentOrders.id, id))
      .returning();
    if (!row) throw new Error('order vanished');
    return row;
  }

  /** Moves an unpaid order to `failed` (which frees a first-50 slot); a paid one stays paid. */
  async failOrder(id: string, now: Date): Promise<void> {
    await this.db
      .update(paymentOrders)
      .set({ status: 'failed', updatedAt: now })
      .where(and(eq(paymentOrders.id, id), inArray(paymentOrders.status, ['creating', 'created'])));
  }

  async orderByProviderId(providerOrderId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId));
    return row;
  }

  async paymentOfOrder(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.orderId, orderId));
    return row;
  }

  /**
   * Records a verified payment and grants what the order buys, in one transaction. The unique order
   * id on `payments` makes this happen once: a second caller (a repeated verify, a duplicate or
   * concurrent webhook) inserts nothing and grants nothing. A plan order priced with the first-50
   * discount has it honoured here, at capture, under one lock: when the account has no other plan
   * payment and fewer than `first50Slots` accounts have had it; otherwise the payment buys the part of
   * a month its amount pays for at the regular price. Returns whether this call granted.
   */
  async grant(
    order: OrderRow,
    payment: VerifiedPayment,
    credits: number,
    periodFor: PeriodFor,
    first50Slots: number,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      let honoured = false;
      // Only orders priced with the discount wait for the lock; every other grant runs alongside.
      if (order.kind === 'plan' && order.first50) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FIRST_50_LOCK}))`);
        honoured = (await planPaymentsOf(tx, order.userId)) === 0 && (await first50Holders(tx)) < first50Slots;
      }
      const [recorded] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          userId: order.userId,
          providerPaymentId: payment.providerPaymentId,
          amount: payment.amount,
          currency: payment.currency,
          verifiedBy: payment.verifiedBy,
          creditsGranted: credits,
          first50: honoured,
          createdAt: now,
        })
        .onConflictDoNothing({ target: payments.orderId })
        .returning();
      if (!recorded) return false;
      await tx.update(paymentOrders).set({ status: 'paid', updatedAt: now }).where(eq(paymentOrders.id, order.id));
      if (order.kind === 'credits') {
        await tx
          .insert(creditBalances)
          .values({ userId: order.userId, balance: credits, updatedAt: now })
          .onConflictDoUpdate({
            target: creditBalances.userId,
            set: { balance: sql`${creditBalances.balance} + ${credits}`, updatedAt: now },
          });
        return true;
      }
      const [current] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, order.userId))
        .for('update');
      const fraction = !order.first50 || honoured ? 1 : Math.min(1, order.amount / order.regularAmount);
      const period = periodFor(current, fraction);
      await tx
        .update(payments)
        .set({ grantedFrom: period.start, grantedUntil: period.end })
        .where(eq(payments.id, recorded.id));
      const values = {
        plan: order.itemId,
        orderId: order.id,
        periodStart: period.runStart,
        periodEnd: period.end,
        renew: true,
        endedAt: null,
        updatedAt: now,
      };
      await tx
        .insert(subscriptions)
        .values({ userId: order.userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values });
      await tx.update(users).set({ plan: order.itemId, updatedAt: now }).where(eq(users.id, order.userId));
      return true;
    });
  }

  /** Keeps a reported refund once (by its id); returns whether it was new. */
  async recordRefund(refund: ReportedRefund, now: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(paymentRefunds)
      .values({ ...refund, receivedAt: now })
      .onConflictDoNothing({ target: paymentRefunds.providerRefundId })
      .returning({ id: paymentRefunds.id });
    return inserted.length > 0;
  }

  /**
   * Applies the refunds kept for this payment and not applied yet, once each, in proportion: with R the
   * running total refunded (at most the amount paid), the payment's grant G (credits, or seconds of plan
   * time) is taken back down to floor(G x R / amount) in all, so a refund of the whole amount takes back
   * everything and rounding never takes more than the refunded share. Credits already spent stay spent.
   * Plan time comes off the end of the running plan only when this payment's time is part of it (same
   * plan, bought since the run began); the plan ends now when nothing is left. Undefined: none to apply.
   */
  async applyRefunds(payment: PaymentRow, order: OrderRow, now: Date): Promise<TakenBack | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      if (!locked) return undefined;
      const applied = await tx
        .update(paymentRefunds)
        .set({ appliedAt: now })
        .where(
          and(
            eq(paymentRefunds.providerPaymentId, locked.providerPaymentId),
            eq(paymentRefunds.providerOrderId, order.providerOrderId ?? ''),
            isNull(paymentRefunds.appliedAt),
          ),
        )
        .returning();
      const last = applied.at(-1);
      if (!last) return undefined;
      const before = locked.refundedAmount ?? 0;
      const refunded = Math.min(locked.amount, before + applied.reduce((sum, refund) => sum + refund.amount, 0));
      const owed = (granted: number) =>
        Math.floor((granted * refunded) / locked.amount) - Math.floor((granted * before) / locked.amount);
      const taken: TakenBack = { credits: 0, seconds: 0, planEnded: false };
      if (order.kind === 'credits') {
        const [balance] = await tx
          .select()
          .from(creditBalances)
          .where(eq(creditBalances.userId, locked.userId))
          .for('update');
        taken.credits = Math.min(balance?.balance ?? 0, owed(locked.creditsGranted));
        await tx
          .update(creditBalances)
          .set({ balance: sql`${creditBalances.balance} - ${taken.credits}`, updatedAt: now })
          .where(eq(creditBalances.userId, locked.userId));
      } else if (locked.grantedFrom && locked.grantedUntil) {
        const from = locked.grantedFrom;
        const seconds = owed(Math.floor((locked.grantedUntil.getTime() - from.getTime()) / 1000));
        const [running] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.userId, locked.userId))
          .for('update');
        const inRunningPlan = running?.endedAt === null && running.plan === order.itemId && from >= running.periodStart;
        if (running && inRunningPlan && seconds > 0) {
          taken.seconds = seconds;
          const end = new Date(running.periodEnd.getTime() - seconds * 1000);
          if (end > now) {
            await tx
              .update(subscriptions)
              .set({ periodEnd: end, updatedAt: now })
              .where(eq(subscriptions.userId, locked.userId));
          } else {
            await tx
              .update(subscriptions)
              .set({ periodEnd: now, endedAt: now, renew: false, updatedAt: now })
              .where(eq(subscriptions.userId, locked.userId));
            const changed = await tx
              .update(users)
              .set({ plan: 'free', updatedAt: now })
              .where(and(eq(users.id, locked.userId), eq(users.plan, running.plan)))
              .returning({ id: users.id });
            taken.planEnded = changed.length > 0;
          }
        }
      }
      await tx
        .update(payments)
        .set({
          refundId: last.providerRefundId,
          refundedAmount: refunded,
          refundedAt: now,
          creditsTakenBack: (locked.creditsTakenBack ?? 0) + taken.credits,
          secondsTakenBack: (locked.secondsTakenBack ?? 0) + taken.seconds,
        })
        .where(eq(payments.id, locked.id));
      if (refunded >= locked.amount) {
        await tx
          .update(paymentOrders)
          .set({ status: 'refunded', updatedAt: now })
          .where(eq(paymentOrders.id, locked.orderId));
      }
      return taken;
    });
  }

  /** The account's newest payment whose success the dashboard has not shown, unless refunded in full. */
  async unacknowledgedPayment(userId: string) {
    const [row] = await this.db
      .select({ payment: payments, order: paymentOrders })
      .from(payments)
      .innerJoin(paymentOrders, eq(payments.orderId, paymentOrders.id))
      .where(
        and(
          eq(payments.userId, userId),
          isNull(payments.acknowledgedAt),
          or(isNull(payments.refundedAmount), lt(payments.refundedAmount, payments.amount)),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  /**
   * Marks the account's payment `paymentId` and every older one as shown; returns whether the payment
   * is the account's (a payment of another account, or none, marks nothing).
   */
  async acknowledge(userId: string, paymentId: string, now: Date): Promise<boolean> {
    if (!UUID.test(paymentId)) return false;
    const [payment] = await this.db
      .select({ createdAt: payments.createdAt })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)));
    if (!payment) return false;
    await this.db
      .update(payments)
      .set({ acknowledgedAt: now })
      .where(
        and(eq(payments.userId, userId), isNull(payments.acknowledgedAt), lte(payments.createdAt, payment.createdAt)),
      );
    return true;
  }

  /**
   * Spends one credit if the account has one, in one statement: the row lock makes concurrent spends
   * queue, and `balance > 0` (with the table's check) keeps the balance from going negative.
   * Returns whether a credit was spent.
   */
  async spendCredit(userId: string, now: Date): Promise<boolean> {
    const spent = await this.db
      .update(creditBalances)
      .set({ balance: sql`${creditBalances.balance} - 1`, updatedAt: now })
      .where(and(eq(creditBalances.userId, userId), gt(creditBalances.balance, 0)))
      .returning({ balance: creditBalances.balance });
    return spent.length === 1;
  }

  /** Gives back one credit spent on a conversion that failed. */
  async giveBackCredit(userId: string, now: Date): Promise<void> {
    await this.db
      .update(creditBalances)
      .set({ balance: sql`${creditBalances.balance} + 1`, updatedAt: now })
      .where(eq(creditBalances.userId, userId));
  }

  /**
   * Adds credits an operator grants, with the grant's record, in one transaction. The unique request
   * id makes a repeated request add nothing; returns whether this call added the credits.
   */
  async grantCreditsByOperator(
    grant: { requestId: string; userId: string; grantedBy: string; credits: number; reason: string },
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [recorded] = await tx
        .insert(creditGrants)
        .values({ ...grant, createdAt: now })
        .onConflictDoNothing({ target: creditGrants.requestId })
        .returning({ id: creditGrants.id });
      if (!recorded) return false;
      await tx
        .insert(creditBalances)
        .values({ userId: grant.userId, balance: grant.credits, updatedAt: now })
        .onConflictDoUpdate({
          target: creditBalances.userId,
          set: { balance: sql`${creditBalances.balance} + ${grant.credits}`, updatedAt: now },
        });
      return true;
    });
  }

  /** Ends the account's running bought period now, without renewal (an operator put it on Free). */
  async endRunningSubscription(userId: string, now: Date): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ periodEnd: now, endedAt: now, renew: false, updatedAt: now })
      .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt)));
  }

  async balance(userId: string): Promise<number> {
    const [row] = await this.db.select().from(creditBalances).where(eq(creditBalances.userId, userId));
    return row?.balance ?? 0;
  }

  async subscription(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  /** Turns renewal reminders of the current period off or on; undefined when no bought plan is running. */
  async setRenew(userId: string, renew: boolean, now: Date): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ renew, updatedAt: now })
      .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt)))
      .returning();
    return row;
  }

  /** The account's payments with their orders, newest first. */
  async history(userId: string) {
    return this.db
      .select({ payment: payments, order: paymentOrders })
      .from(payments)
      .innerJoin(paymentOrders, eq(payments.orderId, paymentOrders.id))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt));
  }

  /**
   * Ends every plan whose period is over. The account goes back to Free unless an operator has since
   * given it another plan; returns the accounts that went back to Free in this call.
   */
  async endExpired(now: Date): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const ended = await tx
        .update(subscriptions)
        .set({ endedAt: now, updatedAt: now })
        .where(and(isNull(subscriptions.endedAt), lte(subscriptions.periodEnd, now)))
        .returning({ userId: subscriptions.userId, plan: subscriptions.plan });
      const toFree: string[] = [];
      for (const row of ended) {
        const changed = await tx
          .update(users)
          .set({ plan: 'free', updatedAt: now })
          .where(and(eq(users.id, row.userId), eq(users.plan, row.plan)))
          .returning({ id: users.id });
        if (changed.length > 0) toFree.push(row.userId);
      }
      return toFree;
    });
  }

  /**
   * Claims the reminders due (renewing plans ending before `horizon`, not reminded for this period):
   * each is claimed by one caller only, so two workers never send the same reminder.
   */
  async claimReminders(now: Date, horizon: Date) {
    const claimed = await this.db
      .update(subscriptions)
      .set({ remindedFor: subscriptions.periodEnd })
      .where(
        and(
          isNull(subscriptions.endedAt),
          eq(subscriptions.renew, true),
          gt(subscriptions.periodEnd, now),
          lte(subscriptions.periodEnd, horizon),
          or(isNull(subscriptions.remindedFor), ne(subscriptions.remindedFor, subscriptions.periodEnd)),
        ),
      )
      .returning();
    if (claimed.length === 0) return [];
    const emails = await this.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((row) => row.userId),
        ),
      );
    const emailOf = new Map(emails.map((row) => [row.id, row.email]));
    return claimed.map((row) => ({ ...row, email: emailOf.get(row.userId) ?? '' }));
  }

  /** Gives a claim back (its e-mail could not be sent), so the next run tries again. */
  async unclaimReminder(userId: string, periodEnd: Date): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ remindedFor: null })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.remindedFor, periodEnd)));
  }
}

type Reader = Pick<Database, 'select'>;

/** How many plan payments the account has had (refunded ones too). */
async function planPaymentsOf(db: Reader, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(paymentOrders, eq(payments.orderId, paymentOrders.id))
    .where(and(eq(payments.userId, userId), eq(paymentOrders.kind, 'plan')));
  return Number(row?.n ?? 0);
}

/** Accounts whose first-50 discount was honoured at capture. */
async function first50Holders(db: Reader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${payments.userId})::int` })
    .from(payments)
    .where(eq(payments.first50, true));
  return Number(row?.n ?? 0);
}
