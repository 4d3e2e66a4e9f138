import { randomBytes } from 'node:crypto';
import type { Currency } from '@unnest/contracts';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { escapeHtml } from '../platform/html.js';
import { itemOfOrder } from './catalogue-prices.js';
import type { CheckoutGateway } from './checkout-gateway.js';
import { formatAmount } from './mail-templates.js';
import type { OrderRow, PaymentsRepository } from './repository.js';
import { checkoutSignature } from './signatures.js';

/** The label every test-mode screen carries. */
export const TEST_MODE_LABEL = 'Test mode: no money moves';

/** Where the checkout sends the browser back to (the web app's return page) with the result. */
export function returnPath(params: Record<string, string>): string {
  return `/payments/return?${new URLSearchParams(params).toString()}`;
}

/**
 * The server's own checkout, in test mode only: shows the order and lets the user pay or decline.
 * Paying signs the three result fields with the test key secret, exactly as Razorpay's checkout
 * would, and the browser's verify goes through the same code as a real payment.
 */
export class TestCheckout {
  constructor(
    private readonly deps: { repository: PaymentsRepository; gateway: CheckoutGateway | undefined; clock: Clock },
  ) {}

  async page(providerOrderId: string): Promise<string> {
    const order = await this.openOrder(providerOrderId);
    const item = itemOfOrder(order.kind, order.itemId, order.currency as Currency);
    const action = `/api/payments/test-checkout/${encodeURIComponent(providerOrderId)}`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEST_MODE_LABEL} · Unnest checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:1px solid #8a6d00;padding:.75rem;border-radius:8px;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem;border-radius:8px;cursor:pointer}
.pay{background:#1565c0;color:#fff;border:0}.decline{background:#fff;border:1px solid #555;color:#1a1a1a}</style></head>
<body><main><p class="banner" role="status">${TEST_MODE_LABEL}</p><h1>Unnest checkout</h1>
<dl><dt>Item</dt><dd>${escapeHtml(item.name)}</dd><dt>Amount</dt><dd>${escapeHtml(formatAmount(order.amount, order.currency))}</dd>
<dt>Order</dt><dd>${escapeHtml(providerOrderId)}</dd></dl>
<form method="post" action="${escapeHtml(action)}"><button class="pay" name="outcome" value="pay" type="submit">Pay (test)</button>
<button class="decline" name="outcome" value="decline" type="submit">Decline</button></form></main></body></html>`;
  }

  /** The web app path the browser goes to after paying (signed result) or declining. */
  async settle(providerOrderId: string, outcome: 'pay' | 'decline'): Promise<string> {
    const order = await this.openOrder(providerOrderId);
    if (outcome === 'decline') {
      await this.deps.repository.failOrder(order.id, this.deps.clock.now());
      return returnPath({ kind: order.kind, status: 'declined' });
    }
    const paymentId = `pay_test_${randomBytes(12).toString('hex')}`;
    return returnPath({
      kind: order.kind,
      status: 'paid',
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(this.testGateway().keySecret, providerOrderId, paymentId),
    });
  }

  private testGateway(): CheckoutGateway {
    const gateway = this.deps.gateway;
    if (gateway?.mode !== 'test') throw new AppError('NOT_FOUND');
    return gateway;
  }

  private async openOrder(providerOrderId: string): Promise<OrderRow> {
    this.testGateway();
    const order = await this.deps.repository.orderByProviderId(providerOrderId);
    if (!order?.testMode || order.status !== 'created') {
      throw new AppError('NOT_FOUND', { detail: 'This test checkout is not open (unknown, paid or declined order)' });
    }
    return order;
  }
}
