import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ApiKeyParams,
  ApiKeysResponse,
  CreateApiKeyBody,
  CreatedApiKey,
  CredentialValidation,
  ErrorBody,
  SuccessResponse,
  UsageResponse,
} from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ApiKeysService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** HTTP for API keys (managed only when signed in), the usage they count against, and credential checks. */
export function apiKeysRoutes(service: ApiKeysService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    // A key never manages keys: only a signed-in session does.
    const manage = { access: 'user' } as const;
    // Looking at a credential or its usage is not a metered call.
    const inspect = { access: 'user-or-key', metered: false } as const;

    api.post(
      '/api/keys',
      {
        config: manage,
        schema: {
          tags: ['api-keys'],
          summary: 'Create an API key (shown once in this answer; only its hash is kept)',
          body: CreateApiKeyBody,
          response: { 201: CreatedApiKey, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(request.claims.sub, request.body)),
    );

    api.get(
      '/api/keys',
      {
        config: manage,
        schema: {
          tags: ['api-keys'],
          summary: 'The account’s API keys that are not revoked, with created, last used and expiry times',
          response: { 200: ApiKeysResponse, ...errors },
        },
      },
      async (request) => ({ keys: await service.list(request.claims.sub) }),
    );

    api.delete(
      '/api/keys/:id',
      {
        config: manage,
        schema: {
          tags: ['api-keys'],
          summary: 'Revoke an API key: from the next call on it gets 401',
          params: ApiKeyParams,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => {
        await service.revoke(request.claims.sub, request.params.id);
        return { success: true, message: 'API key revoked' };
      },
    );

    api.get(
      '/api/usage',
      {
        config: inspect,
        schema: {
          tags: ['api-keys'],
          summary:
            'This month’s API calls (calendar month, UTC) with the limit and reset time, and the plan’s other usage',
          response: { 200: UsageResponse, ...errors },
        },
      },
      async (request) => service.usage(request.account),
    );

    api.get(
      '/api/auth/validate',
      {
        config: inspect,
        schema: {
          tags: ['auth'],
          summary: 'Whether the access token or API key sent is valid, with its kind, scopes and expiry (401 when not)',
          response: { 200: CredentialValidation, ...errors },
        },
      },
      async (request) => service.validate(request.claims),
    );
  };
}
