import { ErrorBody } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { PaymentsService } from './service.js';

// Razorpay's events are a few kilobytes.
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/payments/webhook (Razorpay calls it; no session). The body is kept as raw bytes, because
 * the signature covers exactly those bytes, and it is parsed only after the signature matched.
 */
export function paymentsWebhookRoutes(service: PaymentsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/api/payments/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Razorpay webhook (X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret)',
          // Razorpay calls the URL the operator entered in its dashboard, which may carry a query of its own.
          querystring: Type.Object({}, { additionalProperties: true }),
          response: { 200: Type.Object({ status: Type.Literal('ok') }), 400: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => {
        const signature = request.headers['x-razorpay-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await service.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
        return { status: 'ok' as const };
      },
    );
  };
}
