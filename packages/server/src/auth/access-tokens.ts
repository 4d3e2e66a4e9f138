import type { AccessTokenClaims } from '@unnest/contracts';
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../platform/errors.js';

const ISSUER = 'unnest';
const AUDIENCE = 'unnest-api';
/** The account's session epoch when the token was issued (checked on every request). */
const EPOCH_CLAIM = 'sep';
/** Access tokens are short-lived; the refresh cookie renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * A download ticket stands in for the access token on one download URL (`?ticket=`), so that a browser can
 * fetch a large file as a plain link, streamed to disk, instead of through script memory. It is an access
 * token for another audience, bound to the URL's path and short-lived: it cannot be used as a bearer token,
 * nor the bearer token as a ticket.
 */
const DOWNLOAD_AUDIENCE = 'unnest-download';
const PATH_CLAIM = 'pth';
export const DOWNLOAD_TICKET_TTL_SECONDS = 60;

type TokenClaims = Omit<AccessTokenClaims, 'iat' | 'exp'>;

/** Signs and checks the bearer access tokens and the download tickets (HS256 JWTs). */
export class AccessTokens {
  constructor(private readonly key: Uint8Array) {}

  /**
   * A token for these claims, valid from `now` for ACCESS_TOKEN_TTL_SECONDS while the account's
   * session epoch stays `epoch`.
   */
  sign(claims: TokenClaims, epoch: number, now: Date): Promise<string> {
    return this.signFor(AUDIENCE, ACCESS_TOKEN_TTL_SECONDS, claims, epoch, now, {});
  }

  /** The claims and session epoch of a well-signed, unexpired token at `now`; UNAUTHENTICATED otherwise. */
  async verify(token: string, now: Date): Promise<{ claims: AccessTokenClaims; epoch: number }> {
    const { claims, epoch } = await this.verifyFor(AUDIENCE, token, now, 'The access token has expired');
    return { claims, epoch };
  }

  /** A download ticket for `path` (a URL path, no query), valid for DOWNLOAD_TICKET_TTL_SECONDS. */
  signDownload(claims: TokenClaims, epoch: number, path: string, now: Date): Promise<string> {
    return this.signFor(DOWNLOAD_AUDIENCE, DOWNLOAD_TICKET_TTL_SECONDS, claims, epoch, now, { [PATH_CLAIM]: path });
  }

  /** The claims and session epoch of a valid download ticket for `path`; UNAUTHENTICATED otherwise. */
  async verifyDownload(ticket: string, path: string, now: Date): Promise<{ claims: AccessTokenClaims; epoch: number }> {
    const { claims, epoch, payload } = await this.verifyFor(
      DOWNLOAD_AUDIENCE,
      ticket,
      now,
      'The download link has expired: start the download again',
    );
    if (payload[PATH_CLAIM] !== path) {
      throw new AppError('UNAUTHENTICATED', { detail: 'This download link is for another file' });
    }
    return { claims, epoch };
  }

  private async signFor(
    audience: string,
    ttlSeconds: number,
    claims: TokenClaims,
    epoch: number,
    now: Date,
    extra: Record<string, string>,
  ): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      email: claims.email,
      groups: claims.groups,
      is_premium: claims.is_premium,
      plan: claims.plan,
      [EPOCH_CLAIM]: epoch,
      ...extra,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  private async verifyFor(
    audience: string,
    token: string,
    now: Date,
    expired: string,
  ): Promise<{ claims: AccessTokenClaims; epoch: number; payload: JWTPayload }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience,
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
      return { claims: { sub, email, groups: groups.map(String), is_premium, plan, iat, exp }, epoch, payload };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('UNAUTHENTICATED', { detail: expired, cause: error });
      throw new AppError('UNAUTHENTICATED', { cause: error });
    }
  }
}
