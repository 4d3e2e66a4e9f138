import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DeleteAccountBody,
  ErrorBody,
  Profile,
  ProfileStats,
  ProfileUpdate,
  SuccessResponse,
  UserSettings,
  UserSettingsUpdate,
} from '@unnest/contracts';
import type { FastifyInstance } from 'fastify';
import type { ProfileService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** HTTP for the signed-in user's profile, settings, statistics and account deletion. */
export function profileRoutes(service: ProfileService) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'user' } as const;
    const common = { tags: ['profile'] };

    api.get(
      '/api/profile',
      { config, schema: { ...common, summary: 'The account', response: { 200: Profile, ...errors } } },
      async (request) => service.profile(request.account),
    );
    api.put(
      '/api/profile',
      {
        config,
        schema: {
          ...common,
          summary: 'Change the display name',
          body: ProfileUpdate,
          response: { 200: Profile, ...errors },
        },
      },
      async (request) => service.updateProfile(request.account, request.body.name),
    );
    api.delete(
      '/api/profile',
      {
        config,
        schema: {
          ...common,
          summary: 'Delete the account, its files and history (the password confirms it)',
          body: DeleteAccountBody,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => {
        await service.deleteAccount(request.claims.sub, request.body.password);
        return { success: true, message: 'Your account and all its files have been deleted.' };
      },
    );
    api.get(
      '/api/profile/stats',
      { config, schema: { ...common, summary: 'Usage statistics', response: { 200: ProfileStats, ...errors } } },
      async (request) => service.stats(request.account),
    );
    api.get(
      '/api/profile/settings',
      {
        config,
        schema: { ...common, summary: 'Settings (defaults until saved)', response: { 200: UserSettings, ...errors } },
      },
      async (request) => service.settings(request.claims.sub),
    );
    api.put(
      '/api/profile/settings',
      {
        config,
        schema: {
          ...common,
          summary: 'Save any subset of the settings; answers all of them',
          body: UserSettingsUpdate,
          response: { 200: UserSettings, ...errors },
        },
      },
      async (request) => service.updateSettings(request.claims.sub, request.body),
    );
  };
}
