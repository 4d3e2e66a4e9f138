import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DebugInfo, DebugLogs, ErrorBody } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { DebugService } from './service.js';

const errors = { 401: ErrorBody, 403: ErrorBody };

/** GET /api/debug/info and /api/debug/logs, for admins. */
export function debugRoutes(service: DebugService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'admin' } as const;
    api.get(
      '/api/debug/info',
      {
        config,
        schema: {
          tags: ['debug'],
          summary: 'Version, uptime, database, queue depth (no secrets)',
          response: { 200: DebugInfo, ...errors },
        },
      },
      async () => service.info(),
    );
    api.get(
      '/api/debug/logs',
      {
        config,
        schema: {
          tags: ['debug'],
          summary: 'The recent error records of this process, newest first (secrets redacted)',
          response: { 200: DebugLogs, ...errors },
        },
      },
      async () => service.logs(),
    );
  };
}
