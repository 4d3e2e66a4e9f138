import { createHmac, randomBytes } from 'node:crypto';
import type { Currency, PaymentMode } from '@unnest/contracts';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { PaymentsConfig } from '../config.js';
import { AppError } from '../platform/errors.js';

/** What the server asks the provider for: an order of a catalogue amount. */
export interface OrderRequest {
  amount: number;
  currency: Currency;
  /** Our own order row id, so that the provider's dashboard leads back to the database. */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * Where orders are created and with which secrets their results are signed: Razorpay with the
 * configured keys, or this server's own test-mode checkout with secrets derived per install.
 */
export interface CheckoutGateway {
  readonly mode: Exclude<PaymentMode, 'off'>;
  /** The public key id the browser's checkout opens with (null in test mode). */
  readonly keyId: string | null;
  readonly keySecret: string;
  readonly webhookSecret: string;
  createOrder(request: OrderRequest): Promise<{ id: string }>;
}

const RazorpayOrder = Type.Object({
  id: Type.String({ minLength: 1 }),
  amount: Type.Integer(),
  currency: Type.String(),
});
const PROVIDER_TIMEOUT_MS = 15_000;

/** Razorpay's Orders API (POST /v1/orders, basic auth with the key id and secret). */
export function razorpayGateway(keys: NonNullable<PaymentsConfig['razorpay']>): CheckoutGateway {
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  return {
    mode: 'razorpay',
    keyId: keys.keyId,
    keySecret: keys.keySecret,
    webhookSecret: keys.webhookSecret,
    async createOrder(request) {
      let response: Response;
      try {
        response = await fetch(new URL('/v1/orders', keys.apiUrl), {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (cause) {
        throw new AppError('ORDER_FAILED', { cause });
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok || !Value.Check(RazorpayOrder, body)) {
        throw new AppError('ORDER_FAILED', { cause: new Error(`Razorpay answered ${response.status}`) });
      }
      // The order must be for what we asked; anything else would let the provider's answer set a price.
      if (body.amount !== request.amount || body.currency !== request.currency) {
        throw new AppError('ORDER_FAILED', { cause: new Error('Razorpay order differs from the request') });
      }
      return { id: body.id };
    },
  };
}

/**
 * Test mode: orders are created locally and paid on the server's own checkout page, which signs its
 * result with a secret derived from this install's signing secret, so the same verification code
 * checks it. No money moves.
 */
export function testGateway(installSecret: Uint8Array): CheckoutGateway {
  const derive = (purpose: string) => createHmac('sha256', installSecret).update(purpose).digest('hex');
  return {
    mode: 'test',
    keyId: null,
    keySecret: derive('unnest test checkout key'),
    webhookSecret: derive('unnest test checkout webhook'),
    async createOrder() {
      return { id: `order_test_${randomBytes(12).toString('hex')}` };
    },
  };
}
