import { API_KEY_PREFIX } from '@unnest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.js';
import type { Authenticator, CallerClaims } from '../platform/route-access.js';

/** The credential of `Authorization: Bearer <credential>`, if the header has that form. */
function bearerCredential(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)$/i.exec(header) : null)?.[1];
}

/** The API key of a request: `X-API-Key: unn_...`, or `Authorization: Bearer unn_...`. */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim() !== '') return header.trim();
  const bearer = bearerCredential(request);
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : undefined;
}

/** Bearer access tokens (not keys, which share the header), checked with `verify` (AuthService.authenticate). */
export function bearerAuthenticator(verify: (token: string) => Promise<CallerClaims>): Authenticator {
  return {
    present: (request) => {
      const bearer = bearerCredential(request);
      return bearer !== undefined && !bearer.startsWith(API_KEY_PREFIX);
    },
    authenticate: async (request) => {
      const token = bearerCredential(request);
      if (!token) throw new AppError('UNAUTHENTICATED');
      return verify(token);
    },
  };
}

/** API keys in either header, checked with `verify` (ApiKeysService.authenticate). */
export function apiKeyAuthenticator(verify: (key: string) => Promise<CallerClaims>): Authenticator {
  return {
    present: (request) => apiKeyOf(request) !== undefined,
    authenticate: async (request) => {
      const key = apiKeyOf(request);
      if (!key) throw new AppError('UNAUTHENTICATED');
      return verify(key);
    },
  };
}
