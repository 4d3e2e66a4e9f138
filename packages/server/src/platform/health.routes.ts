import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HealthResponse } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';

const PING_TIMEOUT_MS = 2_000;

/** GET /health: 200 while the database answers, 503 while it does not (and 200 again once it does). */
export function healthRoutes(ping: () => Promise<void>) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/health',
      {
        config: { access: 'public' },
        schema: {
          tags: ['platform'],
          summary: 'Liveness and database check',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
      },
      async (request, reply) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            ping(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
            }),
          ]);
          return { status: 'ok', database: 'ok' } as const;
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database down');
          return reply.status(503).send({ status: 'unavailable', database: 'down' });
        } finally {
          clearTimeout(timer);
        }
      },
    );
  };
}
