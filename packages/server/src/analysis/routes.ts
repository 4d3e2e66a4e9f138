import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { COMPARE_MAX_BYTES, CompareAnalysisBody, CompareAnalysisResponse, ErrorBody } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
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
      async (request) => service.compare(request.claims.sub, request.body),
    );
  };
}
