import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { creditBalances, creditGrants, paymentOrders, payments, subscriptions, users } from '../db/schema.js';

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

/** The first-50 offer as the order creation sees it. */
export interface First50Terms {
  slots: number;
  /** Unpaid discounted orders younger than this hold a slot. */
  holdSince: Date;
  discountedAmount: number;
}

/** The period a plan grant gives, from the subscription the account has (if any). */
export type PeriodFor = (current: SubscriptionRow | undefined) => { start: Date; end: Date };

// Serialises first-50 decisions on both databases (a transaction-scoped advisory lock).
const FIRST_50_LOCK = 'payments.first50';

/** The only SQL of payments: orders, verified payments, credit balances and plan periods. */
export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Inserts an order. With `first50`, decides the discount atomically: the account gets it when it
   * never paid for a plan and either already holds a slot or fewer than `slots` accounts hold one
   * (paid, or unpaid and recent), so concurrent first purchases hand out exactly `slots` discounts.
   */
  async createOrder(order: NewOrder, amount: number, first50: First50Terms | undefined): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      let discounted = false;
      if (first50) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${FIRST_50_LOCK}))`);
        const [paidBefore] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(payments)
          .innerJoin(paymentOrders, eq(payments.orderId, paymentOrders.id))
          .where(and(eq(payments.userId, order.userId), eq(paymentOrders.kind, 'plan')));
        if (Number(paidBefore?.n ?? 0) === 0) {
          const holders = await tx
            .selectDistinct({ userId: paymentOrders.userId })
            .from(paymentOrders)
            .where(and(eq(paymentOrders.first50, true), slotHeld(first50.holdSince)));
          discounted = holders.some((holder) => holder.userId === order.userId) || holders.length < first50.slots;
        }
      }
      const [row] = await tx
        .insert(paymentOrders)
        .values({ ...order, first50: discounted, amount: discounted && first50 ? first50.discountedAmount : amount })
        .returning();
      if (!row) throw new Error('order was not inserted');
      return row;
    });
  }

  /** Accounts holding a first-50 slot now. */
  async first50Holders(holdSince: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(distinct ${paymentOrders.userId})::int` })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.first50, true), slotHeld(holdSince)));
    return Number(row?.n ?? 0);
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
   * concurrent webhook) inserts nothing and grants nothing. Returns whether this call granted.
   */
  async grant(order: OrderRow, payment: VerifiedPayment, credits: number, periodFor: PeriodFor, now: Date) {
    return this.db.transaction(async (tx) => {
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
      const period = periodFor(current);
      const values = {
        plan: order.itemId,
        orderId: order.id,
        periodStart: period.start,
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

  /**
   * Records a refund once (by refund id) and takes back what it can: the unspent part of the pack's
   * credits, or the plan when this payment bought the current period. Returns the credits taken back,
   * or undefined when this refund was recorded before.
   */
  async refund(payment: PaymentRow, kind: string, refund: { id: string; amount: number }, now: Date) {
    return this.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(payments)
        .set({ refundId: refund.id, refundedAmount: refund.amount, refundedAt: now })
        .where(and(eq(payments.id, payment.id), isNull(payments.refundId)))
        .returning();
      if (!marked) return undefined;
      await tx
        .update(paymentOrders)
        .set({ status: 'refunded', updatedAt: now })
        .where(eq(paymentOrders.id, payment.orderId));
      let takenBack = 0;
      if (kind === 'credits') {
        const [balance] = await tx
          .select()
          .from(creditBalances)
          .where(eq(creditBalances.userId, payment.userId))
          .for('update');
        takenBack = Math.min(balance?.balance ?? 0, payment.creditsGranted);
        await tx
          .update(creditBalances)
          .set({ balance: sql`${creditBalances.balance} - ${takenBack}`, updatedAt: now })
          .where(eq(creditBalances.userId, payment.userId));
      } else {
        const [ended] = await tx
          .update(subscriptions)
          .set({ periodEnd: now, endedAt: now, renew: false, updatedAt: now })
          .where(and(eq(subscriptions.userId, payment.userId), eq(subscriptions.orderId, payment.orderId)))
          .returning();
        if (ended) {
          await tx
            .update(users)
            .set({ plan: 'free', updatedAt: now })
            .where(and(eq(users.id, payment.userId), eq(users.plan, ended.plan)));
        }
      }
      await tx.update(payments).set({ creditsTakenBack: takenBack }).where(eq(payments.id, payment.id));
      return takenBack;
    });
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

/** A discounted order holds its slot once paid, or while unpaid and younger than `holdSince`. */
function slotHeld(holdSince: Date) {
  return or(
    inArray(paymentOrders.status, ['paid', 'refunded']),
    and(inArray(paymentOrders.status, ['creating', 'created']), gt(paymentOrders.createdAt, holdSince)),
  );
}
