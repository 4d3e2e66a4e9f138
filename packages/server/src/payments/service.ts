import type {
  CheckoutResult,
  CheckoutSettings,
  CreateOrderResponse,
  Currency,
  PaymentConfirmation,
  PaymentHistory,
  PaymentNotice,
  PaymentRecord,
  PayPerUseResponse,
  PlanChoice,
  PlanId,
  RenewalState,
} from '@unnest/contracts';
import type { AuthService } from '../auth/service.js';
import type { Notifier } from '../notifications/service.js';
import type { Account } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { FIRST_50_OFFER, first50Amount, PLAN_CATALOGUE, planLimits } from '../platform/plan-catalogue.js';
import { type CatalogueItem, itemOfOrder, purchasablePack, purchasablePlan } from './catalogue-prices.js';
import type { CheckoutGateway } from './checkout-gateway.js';
import { receiptNotice, renewalReminderNotice } from './mail-templates.js';
import type { PlanRetention } from './plan-retention.js';
import type { OrderRow, PaymentRow, PaymentsRepository, SubscriptionRow } from './repository.js';
import { checkoutSignatureMatches, webhookSignatureMatches } from './signatures.js';
import { readWebhookEvent } from './webhook-events.js';

/** Said after the plan's refusal when no credit is left to pay for it. */
const NO_CREDITS_HINT = 'You have no conversion credits left: buy credits to get it without upgrading.';

const REMINDER_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One month from `start` (same day next month, as a calendar month). */
export function oneMonthFrom(start: Date): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * Buying plans and credit packs: orders priced from the catalogue, signed checkout results and
 * webhooks verified before anything is granted, grants exactly once per order, refunds, renewal.
 */
export class PaymentsService {
  constructor(
    private readonly deps: {
      repository: PaymentsRepository;
      /** Undefined when payments are off. */
      gateway: CheckoutGateway | undefined;
      auth: AuthService;
      /** Re-applies the plan's retention to what the account stores after its plan changed. */
      retention: PlanRetention;
      /** Receipts and plan reminders are notifications (in the bell, e-mailed as the settings say). */
      notifier: Notifier;
      clock: Clock;
      log: Logger;
      publicUrl: string;
    },
  ) {}

  /** How the browser opens a checkout (public). */
  checkoutSettings(): CheckoutSettings {
    const gateway = this.deps.gateway;
    return { mode: gateway?.mode ?? 'off', key_id: gateway?.keyId ?? null };
  }

  /** First-50 slots still free. */
  async first50SlotsLeft(): Promise<number> {
    const holders = await this.deps.repository.first50Holders();
    return Math.max(0, FIRST_50_OFFER.slots - holders);
  }

  /**
   * POST /api/payments/create-order: a month of a plan, priced with the first-50 discount when the
   * account may still get it (honoured or not at capture). A lower plan than the one running is refused.
   */
  async createPlanOrder(account: Account, planId: string, currency: Currency): Promise<CreateOrderResponse> {
    const item = purchasablePlan(planId, currency);
    const choice = (await this.planChoices(account)).find((candidate) => candidate.plan_id === planId);
    if (choice?.change === 'downgrade') throw downgradeRefusal(choice);
    const order = await this.createOrder(account.id, item, currency);
    return {
      id: order.providerOrderId ?? '',
      amount: order.amount,
      currency,
      key_id: this.gateway().keyId,
      test_mode: order.testMode,
      checkout_url: this.checkoutUrl(order),
      discount_percent: order.first50 ? FIRST_50_OFFER.discountPercent : 0,
    };
  }

  /** POST /api/payments/pay-per-use: a credit pack. */
  async createPackOrder(account: Account, packId: string, currency: Currency): Promise<PayPerUseResponse> {
    const order = await this.createOrder(account.id, purchasablePack(packId, currency), currency);
    return {
      razorpay_key: this.gateway().keyId,
      amount: order.amount,
      currency,
      order_id: order.providerOrderId ?? '',
      test_mode: order.testMode,
      checkout_url: this.checkoutUrl(order),
    };
  }

  /**
   * verify and complete-payment: the signed checkout result of the caller's own order. Checking it
   * again (a replay, or after the webhook granted) grants nothing more and answers the same.
   */
  async confirmCheckout(userId: string, result: CheckoutResult, via: string): Promise<PaymentConfirmation> {
    const gateway = this.gateway();
    const { razorpay_order_id: orderId, razorpay_payment_id: paymentId } = result;
    if (!checkoutSignatureMatches(gateway.keySecret, orderId, paymentId, result.razorpay_signature)) {
      throw new AppError('PAYMENT_VERIFICATION_FAILED');
    }
    const order = await this.deps.repository.orderByProviderId(orderId);
    if (!order || order.userId !== userId) throw new AppError('PAYMENT_VERIFICATION_FAILED');
    const recorded = await this.deps.repository.paymentOfOrder(order.id);
    if (recorded && recorded.providerPaymentId !== paymentId) throw new AppError('PAYMENT_VERIFICATION_FAILED');
    if (!recorded)
      await this.grant(order, {
        providerPaymentId: paymentId,
        amount: order.amount,
        currency: order.currency,
        verifiedBy: via,
      });
    return this.confirmation(userId, order);
  }

  /** POST /api/payments/webhook: the signature over the raw bytes is checked before anything is read. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const gateway = this.gateway();
    if (!webhookSignatureMatches(gateway.webhookSecret, rawBody, signature)) {
      throw new AppError('PAYMENT_VERIFICATION_FAILED', { detail: 'Invalid webhook signature' });
    }
    const event = readWebhookEvent(rawBody);
    if (event === 'malformed') throw new AppError('BAD_REQUEST', { detail: 'Malformed webhook event' });
    if (event === undefined) return;
    const entity = event.payload.payment.entity;
    const order = await this.deps.repository.orderByProviderId(entity.order_id);
    if (!order) {
      this.deps.log.warn({ event: event.event, orderId: entity.order_id }, 'webhook for an unknown order ignored');
      return;
    }
    if (event.event === 'payment.failed') return this.deps.repository.failOrder(order.id, this.deps.clock.now());
    if (event.event === 'refund.processed') return this.refund(order, entity.id, event.payload.refund.entity);
    if (entity.amount !== order.amount || entity.currency !== order.currency) {
      this.deps.log.warn(
        { orderId: order.id, amount: entity.amount, currency: entity.currency },
        'webhook amount differs from the order: nothing granted',
      );
      return;
    }
    await this.grant(order, {
      providerPaymentId: entity.id,
      amount: entity.amount,
      currency: entity.currency,
      verifiedBy: `webhook:${event.event}`,
    });
  }

  /** Credits, period end and renewal of an account (for /user-subscription and /profile/stats). */
  async accountState(userId: string): Promise<{ credits: number; periodEnd: string | null; renews: boolean }> {
    const subscription = await this.deps.repository.subscription(userId);
    const running = subscription && subscription.endedAt === null ? subscription : undefined;
    return {
      credits: await this.deps.repository.balance(userId),
      periodEnd: running ? running.periodEnd.toISOString() : null,
      renews: running?.renew ?? false,
    };
  }

  /**
   * What each catalogue plan is to this account, by the catalogue's order: its current plan, an
   * upgrade (starts at once) or a downgrade (refused while a higher plan is paid for: it can be
   * bought from the end of that month; an operator's plan is changed by the operator). The current
   * plan can be bought again while a bought month runs (the next month follows on). Only an upgrade
   * the account could get the first-50 discount on says so.
   */
  async planChoices(account: Account): Promise<PlanChoice[]> {
    const rank = (id: string) => PLAN_CATALOGUE.findIndex((plan) => plan.id === id);
    const current = rank(account.plan.id);
    const running = (await this.accountState(account.id)).periodEnd;
    const discount = await this.deps.repository.first50Eligible(account.id, FIRST_50_OFFER.slots);
    return PLAN_CATALOGUE.map((plan) => {
      const priced = plan.prices !== null && plan.prices.INR > 0;
      const position = rank(plan.id);
      if (position === current) {
        return {
          plan_id: plan.id,
          change: 'current',
          can_buy: priced && running !== null,
          first_month_discount: false,
          available_from: null,
        };
      }
      if (position > current) {
        return {
          plan_id: plan.id,
          change: 'upgrade',
          can_buy: priced,
          first_month_discount: priced && discount,
          available_from: null,
        };
      }
      return {
        plan_id: plan.id,
        change: 'downgrade',
        can_buy: false,
        first_month_discount: false,
        available_from: running,
      };
    });
  }

  /**
   * GET /api/payments/notice: the account's newest payment whose success the dashboard has not shown
   * (what the success banner says comes from here, never from the page's address).
   */
  async notice(userId: string): Promise<PaymentNotice> {
    const row = await this.deps.repository.unacknowledgedPayment(userId);
    if (!row) return { notice: null };
    const state = await this.accountState(userId);
    const record = describePayment(row.payment, row.order);
    const plan = row.order.kind === 'plan';
    const full = !plan || !row.order.first50 || row.payment.first50 || row.payment.amount >= row.order.regularAmount;
    return {
      notice: {
        payment_id: record.id,
        kind: record.kind,
        item_name: record.item_name,
        plan: plan ? (row.order.itemId as PlanId) : null,
        plan_name: plan ? planLimits(row.order.itemId).name : null,
        granted_until: row.payment.grantedUntil?.toISOString() ?? null,
        period_end: plan ? state.periodEnd : null,
        full_month: full,
        credits_added: record.credits,
        credits: state.credits,
        test_mode: record.test_mode,
      },
    };
  }

  /**
   * POST /api/payments/notice/acknowledge: the banner of this payment was shown; it and older ones are
   * not shown again. Answers what is left to show (a newer payment, or null).
   */
  async acknowledgeNotice(userId: string, paymentId: string): Promise<PaymentNotice> {
    if (!(await this.deps.repository.acknowledge(userId, paymentId, this.deps.clock.now()))) {
      throw new AppError('NOT_FOUND', { detail: 'Payment not found' });
    }
    return this.notice(userId);
  }

  /**
   * Spends one credit on a conversion the plan does not include, atomically, before it starts.
   * Returns the function that gives it back if the conversion fails, or undefined when none is left.
   */
  async takeCredit(userId: string): Promise<(() => Promise<void>) | undefined> {
    if (!(await this.deps.repository.spendCredit(userId, this.deps.clock.now()))) return undefined;
    let givenBack = false;
    return async () => {
      if (givenBack) return;
      givenBack = true;
      await this.deps.repository.giveBackCredit(userId, this.deps.clock.now());
    };
  }

  /**
   * What pays for something the plan does not include (an output format, a file over its size, a
   * conversion past the daily limit, the premium analysis): one credit, spent atomically before the
   * work starts. Returns the function that gives it back if the work fails; with no credit left, throws
   * `refusal` (the plan's own refusal) followed by the way to buy credits.
   */
  async spendCredit(userId: string, refusal: AppError): Promise<() => Promise<void>> {
    const giveBack = await this.takeCredit(userId);
    if (giveBack) return giveBack;
    throw new AppError(refusal.code, {
      detail: `${refusal.message} ${NO_CREDITS_HINT}`,
      ...(refusal.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: refusal.retryAfterSeconds }),
    });
  }

  /** POST /api/payments/cancel (renew false) and /api/payments/resume (true): the plan stays until its period ends. */
  async setRenewal(userId: string, renew: boolean): Promise<RenewalState> {
    const row = await this.deps.repository.setRenew(userId, renew, this.deps.clock.now());
    if (!row) throw new AppError('NOT_FOUND', { detail: 'You have no bought plan running' });
    return { plan: row.plan as PlanId, period_end: row.periodEnd.toISOString(), renews: row.renew };
  }

  async history(userId: string): Promise<PaymentHistory> {
    const rows = await this.deps.repository.history(userId);
    return { payments: rows.map(({ payment, order }) => describePayment(payment, order)) };
  }

  async receipt(userId: string, paymentId: string): Promise<PaymentRecord> {
    const found = (await this.history(userId)).payments.find((payment) => payment.id === paymentId);
    if (!found) throw new AppError('NOT_FOUND', { detail: 'Payment not found' });
    return found;
  }

  /**
   * An operator's change of plan (the admin area and `npm run admin`), effective at once: limits are
   * read from the account on every request, and its tokens are renewed with the new plan. Putting an
   * account on Free also ends its running bought period, as when a plan runs out. The new plan's
   * retention applies to what the account stores.
   */
  async setPlanByOperator(userId: string, plan: PlanId): Promise<void> {
    await this.deps.auth.changeAccess(userId, { plan });
    if (plan === 'free') await this.deps.repository.endRunningSubscription(userId, this.deps.clock.now());
    await this.deps.retention.reapply(userId);
  }

  /** After `npm run admin` set the account's plan: its files and batches are kept as the new plan keeps them. */
  async applyPlanRetention(userId: string): Promise<void> {
    await this.deps.retention.reapply(userId);
  }

  /**
   * Credits an operator adds, with a reason, once per `requestId` (a repeated request adds nothing).
   * Returns the balance after it and whether this call added them.
   */
  async addCreditsByOperator(grant: {
    requestId: string;
    userId: string;
    grantedBy: string;
    credits: number;
    reason: string;
  }): Promise<{ added: boolean; balance: number }> {
    await this.deps.auth.currentUser(grant.userId).catch(() => {
      throw new AppError('USER_NOT_FOUND');
    });
    const added = await this.deps.repository.grantCreditsByOperator(grant, this.deps.clock.now());
    return { added, balance: await this.deps.repository.balance(grant.userId) };
  }

  /** Plan expiry job: ends plans whose period is over; their files fall under the Free retention. */
  async endExpiredPlans(): Promise<number> {
    const ended = await this.deps.repository.endExpired(this.deps.clock.now());
    for (const userId of ended) await this.deps.retention.reapply(userId);
    if (ended.length > 0) this.deps.log.info({ ended: ended.length }, 'ended expired plans');
    return ended.length;
  }

  /** Reminder job: notifies renewing plans that end within 3 days, once per period. */
  async sendRenewalReminders(): Promise<number> {
    const now = this.deps.clock.now();
    const due = await this.deps.repository.claimReminders(now, new Date(now.getTime() + REMINDER_DAYS * DAY_MS));
    for (const reminder of due) {
      try {
        await this.deps.notifier.notify({
          userId: reminder.userId,
          kind: 'plan_ending',
          eventKey: `plan.ending:${reminder.userId}:${reminder.periodEnd.toISOString()}`,
          ...renewalReminderNotice(planLimits(reminder.plan).name, reminder.periodEnd),
        });
      } catch (error) {
        await this.deps.repository.unclaimReminder(reminder.userId, reminder.periodEnd);
        throw error;
      }
    }
    return due.length;
  }

  private gateway(): CheckoutGateway {
    if (!this.deps.gateway) throw new AppError('PAYMENTS_OFF');
    return this.deps.gateway;
  }

  private checkoutUrl(order: OrderRow): string | null {
    return order.testMode ? `/api/payments/test-checkout/${order.providerOrderId}` : null;
  }

  private async createOrder(userId: string, item: CatalogueItem, currency: Currency): Promise<OrderRow> {
    const gateway = this.gateway();
    const now = this.deps.clock.now();
    const order = await this.deps.repository.createOrder(
      {
        userId,
        kind: item.kind,
        itemId: item.itemId,
        currency,
        regularAmount: item.amount,
        testMode: gateway.mode === 'test',
        status: 'creating',
        createdAt: now,
        updatedAt: now,
      },
      item.amount,
      item.kind === 'plan' ? { slots: FIRST_50_OFFER.slots, discountedAmount: first50Amount(item.amount) } : undefined,
    );
    try {
      const created = await gateway.createOrder({
        amount: order.amount,
        currency,
        receipt: order.id,
        notes: { user_id: userId, kind: item.kind, item_id: item.itemId },
      });
      return await this.deps.repository.setProviderOrderId(order.id, created.id, this.deps.clock.now());
    } catch (error) {
      await this.deps.repository.failOrder(order.id, this.deps.clock.now());
      throw error;
    }
  }

  /** Grants once (the repository's unique order id decides) and sends the receipt when this call granted. */
  private async grant(order: OrderRow, payment: Parameters<PaymentsRepository['grant']>[1]): Promise<void> {
    const item = itemOfOrder(order.kind, order.itemId, order.currency as Currency);
    const now = this.deps.clock.now();
    const granted = await this.deps.repository.grant(
      order,
      payment,
      item.credits,
      (current, fraction) => nextPeriod(current, order.itemId, fraction, now),
      FIRST_50_OFFER.slots,
      now,
    );
    if (!granted) return;
    // A refund Razorpay reported before this capture is applied now that there is something to refund.
    await this.applyRefunds(order);
    if (order.kind === 'plan') await this.deps.retention.reapply(order.userId);
    this.deps.log.info(
      { orderId: order.id, kind: order.kind, item: order.itemId, via: payment.verifiedBy },
      'payment granted',
    );
    const recorded = await this.deps.repository.paymentOfOrder(order.id);
    if (!recorded) return;
    const notice = receiptNotice(
      {
        item: item.name,
        amount: recorded.amount,
        currency: recorded.currency,
        orderId: order.providerOrderId ?? order.id,
        paymentId: recorded.providerPaymentId,
        at: recorded.createdAt,
        testMode: order.testMode,
      },
      `/payments/receipts/${recorded.id}`,
    );
    // The grant stands whether or not the receipt is noted; the receipt page has it all.
    await this.deps.notifier
      .notify({ userId: order.userId, kind: 'payment_receipt', eventKey: `payment.receipt:${recorded.id}`, ...notice })
      .catch((error: unknown) => this.deps.log.error({ err: error, orderId: order.id }, 'receipt notification failed'));
  }

  /**
   * A refund Razorpay reports is kept once (by its id) whether or not its capture has been seen, then
   * applied in proportion (see PaymentsRepository.applyRefunds) as soon as the payment is on record.
   */
  private async refund(
    order: OrderRow,
    paymentId: string,
    refund: { id: string; payment_id: string; amount: number },
  ): Promise<void> {
    if (refund.payment_id !== paymentId || refund.amount <= 0) {
      this.deps.log.warn({ orderId: order.id, refundId: refund.id }, 'refund not matching its payment ignored');
      return;
    }
    const reported = {
      providerRefundId: refund.id,
      providerPaymentId: paymentId,
      providerOrderId: order.providerOrderId ?? '',
      amount: refund.amount,
    };
    if (!(await this.deps.repository.recordRefund(reported, this.deps.clock.now()))) return;
    await this.applyRefunds(order);
  }

  /** Applies the refunds kept for the order's recorded payment; nothing before the payment is on record. */
  private async applyRefunds(order: OrderRow): Promise<void> {
    const payment = await this.deps.repository.paymentOfOrder(order.id);
    if (!payment) {
      this.deps.log.info({ orderId: order.id }, 'refunds kept until the payment they refund is captured');
      return;
    }
    const taken = await this.deps.repository.applyRefunds(payment, order, this.deps.clock.now());
    if (!taken) return;
    this.deps.log.info({ orderId: order.id, ...taken }, 'refund applied');
    if (taken.planEnded) await this.deps.retention.reapply(order.userId);
  }

  private async confirmation(userId: string, order: OrderRow): Promise<PaymentConfirmation> {
    const state = await this.accountState(userId);
    return {
      success: true,
      kind: order.kind === 'plan' ? 'plan' : 'credits',
      plan: order.kind === 'plan' ? (order.itemId as PlanId) : null,
      period_end: order.kind === 'plan' ? state.periodEnd : null,
      credits: state.credits,
    };
  }
}

/**
 * A month (or `fraction` of one, in whole seconds) of the same running plan follows its period and
 * keeps its run's start; any other purchase starts now.
 */
function nextPeriod(
  current: SubscriptionRow | undefined,
  plan: string,
  fraction: number,
  now: Date,
): { runStart: Date; start: Date; end: Date } {
  const continues = current && current.endedAt === null && current.plan === plan && current.periodEnd > now;
  const start = continues ? current.periodEnd : now;
  const monthMs = oneMonthFrom(start).getTime() - start.getTime();
  const end = new Date(start.getTime() + Math.floor((monthMs * fraction) / 1000) * 1000);
  return { runStart: continues ? current.periodStart : now, start, end };
}

/** The refusal of a lower plan than the one the account has. */
function downgradeRefusal(choice: PlanChoice): AppError {
  const plan = planLimits(choice.plan_id).name;
  return new AppError('PLAN_DOWNGRADE_REFUSED', {
    detail: choice.available_from
      ? `Your current plan is paid until ${choice.available_from.slice(0, 10)}: ${plan} can be bought once it ends.`
      : `Your current plan was given by the operator of this server: ask them to change it to ${plan}.`,
  });
}

function describePayment(payment: PaymentRow, order: OrderRow): PaymentRecord {
  const currency = order.currency as Currency;
  return {
    id: payment.id,
    kind: order.kind === 'plan' ? 'plan' : 'credits',
    item_id: order.itemId,
    item_name: itemOfOrder(order.kind, order.itemId, currency).name,
    amount: payment.amount,
    regular_amount: order.regularAmount,
    currency,
    order_id: order.providerOrderId ?? order.id,
    payment_id: payment.providerPaymentId,
    test_mode: order.testMode,
    status:
      payment.refundedAmount === null || payment.refundedAmount === 0
        ? 'paid'
        : payment.refundedAmount >= payment.amount
          ? 'refunded'
          : 'partially_refunded',
    credits: payment.creditsGranted,
    created_at: payment.createdAt.toISOString(),
    refunded_amount: payment.refundedAmount,
    refunded_at: payment.refundedAt?.toISOString() ?? null,
  };
}
