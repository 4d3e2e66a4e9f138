import { API_KEY_PREFIX } from '@unnest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.js';
import type { Authenticator, VerifiedCaller } from '../platform/route-access.js';

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
export function bearerAuthenticator(verify: (token: string) => Promise<VerifiedCaller>): Authenticator {
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
export function apiKeyAuthenticator(verify: (key: string) => Promise<VerifiedCaller>): Authenticator {
  return {
    present: (request) => apiKeyOf(request) !== undefined,
    authenticate: async (request) => {
      const key = apiKeyOf(request);
      if (!key) throw new AppError('UNAUTHENTICATED');
      return verify(key);
    },
  };
}

/** The `ticket` query parameter of a request, if it has one. */
function ticketOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const ticket = query?.ticket;
  return typeof ticket === 'string' && ticket !== '' ? ticket : undefined;
}

/**
 * Download tickets (`?ticket=`, see AccessTokens), checked with `verify` (AuthService.authenticateDownload)
 * against the path asked for, without its query.
 */
export function downloadTicketAuthenticator(
  verify: (ticket: string, path: string) => Promise<VerifiedCaller>,
): Authenticator {
  return {
    present: (request) => ticketOf(request) !== undefined,
    authenticate: async (request) => {
      const ticket = ticketOf(request);
      if (!ticket) throw new AppError('UNAUTHENTICATED');
      return verify(ticket, request.url.split('?')[0] as string);
    },
  };
}
