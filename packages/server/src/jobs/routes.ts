import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, JobParams, JobStatus, JobsListQuery, JobsListResponse } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { JobsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['jobs'];

/** HTTP for the jobs API: batch jobs and asynchronous conversions alike; ownership in BatchService. */
export function jobsRoutes(service: JobsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/jobs/list',
      {
        config: { access: 'user-or-key' },
        schema: {
          tags,
          summary: 'The caller’s jobs (batches and asynchronous conversions), newest first, one page',
          querystring: JobsListQuery,
          response: { 200: JobsListResponse, ...errors },
        },
      },
      async (request) =>
        service.list(request.claims.sub, request.query.page ?? 1, request.query.page_size ?? 20, request.query.kind),
    );
    api.get(
      '/api/jobs/:id/status',
      {
        // Polling a job's progress is not a metered API call.
        config: { access: 'user-or-key', metered: false },
        schema: {
          tags,
          summary: 'A job’s state and progress, its files, and when done the result’s download URL',
          params: JobParams,
          response: { 200: JobStatus, ...errors },
        },
      },
      async (request) => service.status(request.claims.sub, request.params.id),
    );
    api.post(
      '/api/jobs/:id/cancel',
      {
        config: { access: 'user-or-key' },
        schema: {
          tags,
          summary: 'Cancel a running job (files already converted stay)',
          params: JobParams,
          response: { 200: JobStatus, ...errors },
        },
      },
      async (request) => service.cancel(request.claims.sub, request.params.id),
    );
  };
}
