import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  NotificationSettings,
  NotificationSettingsUpdate,
  NotificationsQuery,
  NotificationsReadResponse,
  NotificationsResponse,
} from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { NotificationsService } from './service.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** The signed-in user's notifications (the bell) and the switches that rule them. */
export function notificationsRoutes(service: NotificationsService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/api/notifications',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Notifications, newest first, paged, with the unread count',
          querystring: NotificationsQuery,
          response: { 200: NotificationsResponse, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => service.list(request.claims.sub, request.query.page ?? 1, request.query.page_size ?? 20),
    );
    api.post(
      '/api/notifications/:id/read',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Marks one notification read',
          params: IdParams,
          response: { 200: NotificationsReadResponse, 401: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => service.markRead(request.claims.sub, request.params.id),
    );
    api.post(
      '/api/notifications/read-all',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Marks every notification read',
          response: { 200: NotificationsReadResponse, 401: ErrorBody },
        },
      },
      async (request) => service.markAllRead(request.claims.sub),
    );
    api.get(
      '/api/notifications/settings',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'The notification switches',
          response: { 200: NotificationSettings, 401: ErrorBody },
        },
      },
      async (request) => service.settings(request.claims.sub),
    );
    api.put(
      '/api/notifications/settings',
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          summary: 'Changes any of the notification switches',
          body: NotificationSettingsUpdate,
          response: { 200: NotificationSettings, 400: ErrorBody, 401: ErrorBody },
        },
      },
      async (request) => service.updateSettings(request.claims.sub, request.body),
    );
  };
}
