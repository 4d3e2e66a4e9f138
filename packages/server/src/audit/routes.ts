import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AuditLogsQuery, AuditLogsResponse, ErrorBody, UserActivityQuery } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuditService } from './service.js';

/** The signed-in user's history, paged, newest first: as the history page reads it, and filtered by action, status and time. */
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
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/api/audit/user-activity',
      {
        // Sign-in addresses are in it: a session's, never an API key's (DESIGN 7.13).
        config: { access: 'user' },
        schema: {
          tags: ['audit'],
          summary:
            'The caller’s activity, newest first, filtered by action, status and time (from inclusive, to exclusive)',
          querystring: UserActivityQuery,
          response: { 200: AuditLogsResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => {
        const { page, page_size, action, status, from, to } = request.query;
        return service.filteredPage(
          {
            userId: request.claims.sub,
            ...(action === undefined ? {} : { action }),
            ...(status === undefined ? {} : { status }),
            ...(from === undefined ? {} : { from: new Date(from) }),
            ...(to === undefined ? {} : { to: new Date(to) }),
          },
          page ?? 1,
          page_size ?? 20,
        );
      },
    );
  };
}
