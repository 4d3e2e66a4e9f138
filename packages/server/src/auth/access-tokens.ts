import type { AccessTokenClaims } from '@unnest/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../platform/errors.js';

const ISSUER = 'unnest';
const AUDIENCE = 'unnest-api';
/** The account's session epoch when the token was issued (checked on every request). */
const EPOCH_CLAIM = 'sep';
/** Access tokens are short-lived; the refresh cookie renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Signs and checks the bearer access tokens (HS256 JWTs). */
export class AccessTokens {
  constructor(private readonly key: Uint8Array) {}

  /**
   * A token for these claims, valid from `now` for ACCESS_TOKEN_TTL_SECONDS while the account's
   * session epoch stays `epoch`.
   */
  async sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, epoch: number, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      email: claims.email,
      groups: claims.groups,
      is_premium: claims.is_premium,
      plan: claims.plan,
      [EPOCH_CLAIM]: epoch,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims and session epoch of a well-signed, unexpired token at `now`; UNAUTHENTICATED otherwise. */
  async verify(token: string, now: Date): Promise<{ claims: AccessTokenClaims; epoch: number }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: now,
      });
      const { sub, email, groups, is_premium, plan, iat, exp, [EPOCH_CLAIM]: epoch } = payload;
      if (
        typeof sub !== 'string' ||
        typeof email !== 'string' ||
        !Array.isArray(groups) ||
        typeof is_premium !== 'boolean' ||
        typeof plan !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number' ||
        typeof epoch !== 'number'
      ) {
        throw new AppError('UNAUTHENTICATED');
      }
      return { claims: { sub, email, groups: groups.map(String), is_premium, plan, iat, exp }, epoch };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) {
        throw new AppError('UNAUTHENTICATED', { detail: 'The access token has expired', cause: error });
      }
      throw new AppError('UNAUTHENTICATED', { cause: error });
    }
  }
}
