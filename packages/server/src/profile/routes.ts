import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type AccessTokenClaims,
  DeleteAccountBody,
  ErrorBody,
  Profile,
  ProfileStats,
  ProfileUpdate,
  SuccessResponse,
  UserSettings,
  UserSettingsUpdate,
} from '@unnest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProfileService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody };

/** HTTP for the signed-in user's profile, settings, statistics and account deletion. */
export function profileRoutes(
  service: ProfileService,
  authenticate: (request: FastifyRequest) => Promise<AccessTokenClaims>,
) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const common = { tags: ['profile'], security: [{ bearerAuth: [] }] };
    const user = async (request: FastifyRequest) => (await authenticate(request)).sub;

    api.get(
      '/api/profile',
      { schema: { ...common, summary: 'The account', response: { 200: Profile, ...errors } } },
      async (request) => service.profile(await user(request)),
    );
    api.put(
      '/api/profile',
      {
        schema: {
          ...common,
          summary: 'Change the display name',
          body: ProfileUpdate,
          response: { 200: Profile, ...errors },
        },
      },
      async (request) => service.updateProfile(await user(request), request.body.name),
    );
    api.delete(
      '/api/profile',
      {
        schema: {
          ...common,
          summary: 'Delete the account, its files and history (the password confirms it)',
          body: DeleteAccountBody,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => {
        await service.deleteAccount(await user(request), request.body.password);
        return { success: true, message: 'Your account and all its files have been deleted.' };
      },
    );
    api.get(
      '/api/profile/stats',
      { schema: { ...common, summary: 'Usage statistics', response: { 200: ProfileStats, ...errors } } },
      async (request) => service.stats(await user(request)),
    );
    api.get(
      '/api/profile/settings',
      { schema: { ...common, summary: 'Settings (defaults until saved)', response: { 200: UserSettings, ...errors } } },
      async (request) => service.settings(await user(request)),
    );
    api.put(
      '/api/profile/settings',
      {
        schema: {
          ...common,
          summary: 'Save any subset of the settings; answers all of them',
          body: UserSettingsUpdate,
          response: { 200: UserSettings, ...errors },
        },
      },
      async (request) => service.updateSettings(await user(request), request.body),
    );
  };
}
