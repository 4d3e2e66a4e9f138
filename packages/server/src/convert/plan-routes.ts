import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, FlattenPlanQuery, FlattenPlanResponse } from '@unnest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InFlightConversions } from '../platform/in-flight.js';
import { acceptRawBodies, declaredLength } from '../platform/request-body.js';
import { fileFormOptions, fileOnlyForm } from '../platform/upload-form.js';
import type { ConvertService } from './service.js';

/** The JSON to profile: the multipart field `file` (the only part the form may hold), or the raw body. */
async function jsonInput(request: FastifyRequest): Promise<AsyncIterable<Uint8Array>> {
  if (!request.isMultipart()) {
    return (request.body as AsyncIterable<Uint8Array> | undefined) ?? (async function* nothing() {})();
  }
  return (await fileOnlyForm(request)).body;
}

/** HTTP for the proposed flattening plan; the bounds and the work live in proposeFlatteningPlan. */
export function flattenPlanRoutes(service: ConvertService, inFlight: InFlightConversions) {
  return async function register(app: FastifyInstance): Promise<void> {
    acceptRawBodies(app);
    await app.register(multipart, fileFormOptions());
    // The proposal reads a sample: the rest of a big upload is not read, so the connection is not reused.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('connection', 'close');
    });
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/convert/plan',
      {
        config: { access: 'user-or-key' },
        schema: {
          tags: ['convert'],
          summary:
            'Propose a flattening plan for JSON (raw body, or the multipart field `file`) from a sample: the first `sample` records (default 1,000) within the first 32 MB',
          querystring: FlattenPlanQuery,
          response: {
            200: FlattenPlanResponse,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            413: ErrorBody,
            422: ErrorBody,
          },
        },
      },
      async (request, reply) =>
        service.proposePlan(
          await jsonInput(request),
          request.query,
          // A multipart body's length is the form's, not the file's: it only picks the worker lane.
          declaredLength(request.headers['content-length']),
          inFlight.track(reply),
        ),
    );
  };
}
