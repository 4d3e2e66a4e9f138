import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, PlansResponse, SubscriptionResponse } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { PlansService } from './service.js';

/** GET /api/payments/plans (public) and /api/payments/user-subscription (signed in). */
export function plansRoutes(service: PlansService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/payments/plans',
      {
        config: { access: 'public' },
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
        config: { access: 'user' },
        schema: {
          tags: ['payments'],
          summary: 'The signed-in account’s plan, limits and usage',
          response: { 200: SubscriptionResponse, 401: ErrorBody },
        },
      },
      async (request) => service.subscription(request.account),
    );
  };
}
