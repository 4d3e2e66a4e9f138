import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { FINITE_NUMBER_KEY, VALIDATION_MESSAGES_KEY } from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import { SECURITY_SCHEMES, withRouteAccess } from './route-access.js';

/**
 * The OpenAPI document, built from the route schemas, at /api/openapi.json, and the interactive page
 * at /api/docs. Register before the routes so that they are collected.
 */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Unnest API',
        version: '0.1.0',
        description:
          'JSON to CSV and back. Errors are `{detail, code}`. Signed-in calls send `Authorization: Bearer <access_token>`; programs send an API key (`X-API-Key: unn_...` or `Authorization: Bearer unn_...`) to the endpoints whose security lists `apiKey`, each call counted against the plan’s API calls per calendar month (UTC), with `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
  });
  await app.register(withRouteAccess('public', (docs) => docs.register(swaggerUi, { routePrefix: '/api/docs' })));
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

/**
 * The contracts' `x-finite`: a number (after Ajv's coercion of the query text) must be finite. Not
 * declared for `type: 'number'`: Ajv runs number keywords only on finite numbers, which is the bug.
 */
const FINITE_NUMBER = {
  keyword: FINITE_NUMBER_KEY,
  schemaType: 'boolean',
  validate: (required: boolean, value: unknown) => !required || typeof value !== 'number' || Number.isFinite(value),
  errors: false,
} as const;

/**
 * Ajv options that accept the contracts' annotations (validation messages, finite numbers) and report
 * which schema failed. A field a schema does not name is refused, not dropped (Fastify's default): a
 * misspelt option (`delimter=;`) would otherwise convert with the default and say nothing.
 */
export const AJV_OPTIONS = {
  keywords: [VALIDATION_MESSAGES_KEY, FINITE_NUMBER],
  verbose: true,
  removeAdditional: false as const,
};
