import type { AccessTokenClaims } from '@unnest/contracts';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { AccessTokens } from './access-tokens.js';

/** Reads and checks the bearer token of a request; features call it in a preHandler. */
export function bearerAuthenticator(tokens: AccessTokens, clock: Clock) {
  return async function authenticate(request: FastifyRequest): Promise<AccessTokenClaims> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    return tokens.verify(match[1], clock.now());
  };
}
