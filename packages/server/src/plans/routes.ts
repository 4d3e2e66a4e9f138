import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type AccessTokenClaims, ErrorBody, PlansResponse, SubscriptionResponse } from '@unnest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlansService } from './service.js';

/** GET /api/payments/plans (public) and /api/payments/user-subscription (signed in). */
export function plansRoutes(
  service: PlansService,
  authenticate: (request: FastifyRequest) => Promise<AccessTokenClaims>,
) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/payments/plans',
      {
        schema: {
          tags: ['payments'],
          summary: 'The plan catalogue and credit packs',
          response: { 200: PlansResponse },
        },
      },
      async () => service.plans(),
    );
    api.get(
      '/api/payments/user-subscription',
      {
        schema: {
          tags: ['payments'],
          summary: 'The signed-in account’s plan, limits and usage',
          security: [{ bearerAuth: [] }],
          response: { 200: SubscriptionResponse, 401: ErrorBody },
        },
      },
      async (request) => service.subscription((await authenticate(request)).sub),
    );
  };
}
