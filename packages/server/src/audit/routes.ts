import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuditLogsQuery, AuditLogsResponse, ErrorBody } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuditService } from './service.js';

/** GET /api/audit/logs: the signed-in user's history, paged, newest first. */
export function auditRoutes(service: AuditService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/audit/logs',
      {
        config: { access: 'user' },
        schema: {
          tags: ['audit'],
          summary: 'Usage history: conversions, downloads, deletions, sign-ins (newest first)',
          querystring: AuditLogsQuery,
          response: { 200: AuditLogsResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => {
        return service.page(request.claims.sub, request.query.page ?? 1, request.query.page_size ?? 20);
      },
    );
  };
}
