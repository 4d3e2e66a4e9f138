import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Keys the payment tests configure (Razorpay mode against the stub). */
export const RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_stubkey',
  RAZORPAY_KEY_SECRET: 'stub-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'stub-webhook-secret',
};

/** An order request the stub received. */
export interface ReceivedOrder {
  authorization: string | undefined;
  body: { amount: number; currency: string; receipt: string; notes: Record<string, string> };
}

/**
 * A local stand-in for Razorpay's Orders API (POST /v1/orders) on 127.0.0.1: answers like Razorpay,
 * records what it was asked, and can be told to fail.
 */
export class RazorpayStub {
  readonly orders: ReceivedOrder[] = [];
  failing = false;
  private counter = 0;

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<RazorpayStub> {
    const server = http.createServer();
    const stub = new RazorpayStub(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/orders' || stub.failing) {
          response.writeHead(stub.failing ? 500 : 404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'stub failure' } }));
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        stub.orders.push({ authorization: request.headers.authorization, body });
        stub.counter += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: `order_stub${stub.counter}${Date.now().toString(36)}`,
            entity: 'order',
            amount: body.amount,
            currency: body.currency,
            receipt: body.receipt,
            status: 'created',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return stub;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The checkout result Razorpay's checkout would hand the browser, signed with `keySecret`. */
export function signedCheckout(orderId: string, paymentId: string, keySecret = RAZORPAY_KEYS.RAZORPAY_KEY_SECRET) {
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex'),
  };
}

/** A Razorpay payment webhook event. */
export function paymentEvent(
  event: 'payment.captured' | 'order.paid' | 'payment.failed',
  payment: { id: string; order_id: string; amount: number; currency: string },
) {
  return { entity: 'event', event, payload: { payment: { entity: { ...payment, status: 'captured' } } } };
}

/** Posts a webhook with the raw body signed by `secret` (or with `signature` as given). */
export function sendWebhook(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; signature?: string } = {},
): Promise<LightMyRequestResponse> {
  const raw = JSON.stringify(event);
  const signature =
    options.signature ??
    createHmac('sha256', options.secret ?? RAZORPAY_KEYS.RAZORPAY_WEBHOOK_SECRET)
      .update(raw)
      .digest('hex');
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
  });
}
