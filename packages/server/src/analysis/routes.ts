import { buffer } from 'node:stream/consumers';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ANALYSIS_TEXTS,
  COMPARE_MAX_BYTES,
  CompareAnalysisBody,
  CompareAnalysisResponse,
  ErrorBody,
  RoundTripTestQuery,
  RoundTripTestResponse,
} from '@unnest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitBytes } from '../platform/byte-limit.js';
import { AppError } from '../platform/errors.js';
import { acceptRawBodies, declaredLength } from '../platform/request-body.js';
import type { AnalysisService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 422: ErrorBody };

/** HTTP for the premium analysis; what pays for it (plan or credit) and the rules live in AnalysisService. */
export function analysisRoutes(service: AnalysisService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/convert/compare-analysis',
      {
        // Two texts of up to 20 MB each, JSON-escaped.
        bodyLimit: 4 * COMPARE_MAX_BYTES,
        config: { access: 'user-or-key' },
        schema: {
          tags: ['analysis'],
          summary:
            'Compare the original JSON with the JSON read back from its CSV ({file_id}, or {original_json, csv_data}; under 20 MB). Premium, or one conversion credit for a plan without it (given back if the comparison fails)',
          body: CompareAnalysisBody,
          response: { 200: CompareAnalysisResponse, ...errors },
        },
      },
      async (request) => service.compare(request.account, request.body),
    );

    await app.register(async (raw) => {
      // The JSON must reach the engine byte for byte (JSON.parse would round big numbers).
      acceptRawBodies(raw);
      raw.withTypeProvider<TypeBoxTypeProvider>().post(
        '/api/convert/round-trip-test',
        {
          config: { access: 'user-or-key' },
          schema: {
            tags: ['analysis'],
            summary:
              'Raw JSON in (under 20 MB): converted to CSV, read back and compared with itself in one call. Premium, or one conversion credit (given back if the test fails)',
            querystring: RoundTripTestQuery,
            response: { 200: RoundTripTestResponse, ...errors },
          },
        },
        async (request) => service.roundTrip(request.account, await comparableBody(request), request.query),
      );
    });
  };
}

/** The whole request body, refused with 413 past the comparison's size (announced or counted). */
async function comparableBody(request: FastifyRequest): Promise<Buffer> {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { detail: ANALYSIS_TEXTS.tooLarge });
  if ((declaredLength(request.headers['content-length']) ?? 0) >= COMPARE_MAX_BYTES) throw tooLarge();
  const body = (request.body as AsyncIterable<Uint8Array> | undefined) ?? (async function* nothing() {})();
  return buffer(limitBytes(body, COMPARE_MAX_BYTES - 1, { bytes: 0 }, tooLarge));
}
