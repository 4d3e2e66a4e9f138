import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateWebhookRequest,
  CreateWebhookResponse,
  ErrorBody,
  SuccessResponse,
  Webhook,
  WebhookDeliveriesResponse,
  WebhookParams,
  WebhookSecretResponse,
  WebhooksResponse,
  WebhookTestResponse,
} from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebhooksService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const testErrors = { ...errors, 429: ErrorBody };

/** HTTP for the signed-in user's webhook endpoints; ownership and plan are checked in WebhooksService. */
export function webhooksRoutes(service: WebhooksService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'user' } as const;
    const tags = ['webhooks'];

    api.post(
      '/api/webhooks',
      {
        config,
        schema: {
          tags,
          summary: 'Add a webhook endpoint; the answer holds its signing secret, shown only this once',
          body: CreateWebhookRequest,
          response: { 201: CreateWebhookResponse, ...errors, 409: ErrorBody },
        },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.claims.sub, request.body)),
    );

    api.get(
      '/api/webhooks',
      {
        config,
        schema: { tags, summary: 'The user’s webhook endpoints', response: { 200: WebhooksResponse, ...errors } },
      },
      async (request) => ({ webhooks: await service.list(request.claims.sub) }),
    );

    api.delete(
      '/api/webhooks/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a webhook endpoint and its delivery log',
          params: WebhookParams,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => {
        await service.remove(request.claims.sub, request.params.id);
        return { success: true, message: 'Webhook deleted' };
      },
    );

    api.post(
      '/api/webhooks/:id/test',
      {
        config,
        schema: {
          tags,
          summary: 'Queue a signed webhook.test message to the endpoint',
          params: WebhookParams,
          response: { 202: WebhookTestResponse, ...testErrors },
        },
      },
      async (request, reply) => reply.code(202).send(await service.sendTest(request.claims.sub, request.params.id)),
    );

    api.post(
      '/api/webhooks/:id/rotate-secret',
      {
        config,
        schema: {
          tags,
          summary: 'Replace the signing secret (shown once); the old one also signs for 24 hours',
          params: WebhookParams,
          response: { 200: WebhookSecretResponse, ...errors },
        },
      },
      async (request) => service.rotateSecret(request.claims.sub, request.params.id),
    );

    api.post(
      '/api/webhooks/:id/enable',
      {
        config,
        schema: {
          tags,
          summary: 'Re-enable an endpoint that was disabled after failing deliveries',
          params: WebhookParams,
          response: { 200: Webhook, ...errors },
        },
      },
      async (request) => service.enable(request.claims.sub, request.params.id),
    );

    api.get(
      '/api/webhooks/:id/deliveries',
      {
        config,
        schema: {
          tags,
          summary: 'The endpoint’s latest delivery tries, newest first',
          params: WebhookParams,
          response: { 200: WebhookDeliveriesResponse, ...errors },
        },
      },
      async (request) => ({ attempts: await service.deliveries(request.claims.sub, request.params.id) }),
    );
  };
}
