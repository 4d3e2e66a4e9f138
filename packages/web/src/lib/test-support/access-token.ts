import type { AccessTokenClaims } from '@unnest/contracts';

/** A far expiry (2100-01-01) for tokens that should stay valid through a test. */
export const FAR_EXPIRY = 4_102_444_800;

/**
 * An unsigned access token the client can read, for tests: the client only decodes claims, the server
 * verifies them.
 */
export function unsignedAccessToken(claims: Partial<AccessTokenClaims> = {}): string {
  // base64url of the UTF-8 JSON, as a JWT writes it.
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
  const payload = {
    sub: 'u1',
    email: 'ada@example.com',
    groups: [],
    is_premium: false,
    plan: 'free',
    iat: 1,
    exp: FAR_EXPIRY,
    ...claims,
  };
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}
