import type { AccessTokenClaims } from '@unnest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.js';

/** Reads the bearer token of a request and checks it with `verify` (AuthService.authenticate). */
export function bearerAuthenticator(verify: (token: string) => Promise<AccessTokenClaims>) {
  return async function authenticate(request: FastifyRequest): Promise<AccessTokenClaims> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    return verify(match[1]);
  };
}
