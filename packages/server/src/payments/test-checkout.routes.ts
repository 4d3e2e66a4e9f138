import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TestCheckout } from './test-checkout.js';

const Params = Type.Object({ orderId: Type.String({ maxLength: 80 }) });

/**
 * The test-mode checkout page (PAYMENTS=test): a plain HTML form, so it needs no script and works
 * the same in any browser. Paying redirects to the web app with the signed result.
 */
export function testCheckoutRoutes(checkout: TestCheckout) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/payments/test-checkout/:orderId',
      {
        config: { access: 'public' },
        schema: { tags: ['payments'], summary: 'Test mode: the checkout page (no money moves)', params: Params },
      },
      async (request, reply) =>
        reply.type('text/html; charset=utf-8').send(await checkout.page(request.params.orderId)),
    );
    api.post(
      '/api/payments/test-checkout/:orderId',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Test mode: pay or decline, then back to the web app',
          params: Params,
          body: Type.Object({ outcome: Type.Enum(['pay', 'decline']) }),
        },
      },
      async (request, reply) =>
        reply.redirect(await checkout.settle(request.params.orderId, request.body.outcome), 303),
    );
  };
}
