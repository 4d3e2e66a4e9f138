import type { AccessTokenClaims } from '@unnest/contracts';
import { decodeJwt } from 'jose';

/** Local-storage key of the access token (spec section 9). */
export const TOKEN_STORAGE_KEY = 'authToken';
/** Local-storage key of the stored token's expiry on this browser's clock (seconds), see `Session.expiresAt`. */
export const TOKEN_EXPIRY_STORAGE_KEY = 'authTokenExpiresAt';

/** A signed-in session as the browser holds it: the bearer token and its decoded claims. */
export interface Session {
  token: string;
  claims: AccessTokenClaims;
  /**
   * When the token expires on this browser's clock (seconds): its lifetime (`exp - iat`) counted from its
   * arrival, since every token comes fresh from the server. The claims' `exp` is on the server's clock: on a
   * browser whose clock runs ahead, a new token would look about to expire and be renewed again and again.
   */
  expiresAt: number;
}

type Listener = () => void;

let current: Session | null = null;
const listeners = new Set<Listener>();

/** Decodes a JWT's claims without verifying it (the server verifies; the client only reads `exp`). */
export function decodeClaims(token: string): AccessTokenClaims | null {
  try {
    // The type is what the server promises; the three claims the client relies on are checked.
    const claims = decodeJwt<AccessTokenClaims>(token);
    const { sub, email, exp } = claims as Partial<AccessTokenClaims>;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof exp !== 'number') return null;
    return claims;
  } catch {
    return null;
  }
}

/** Seconds since the epoch: token expiry is compared in seconds (spec section 9). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  return current;
}

/** Subscribes to session changes; returns the unsubscribe function. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The token's lifetime in seconds (`exp - iat`); null when it has no usable `iat`, so `exp` is all there is. */
function lifetimeOf(claims: AccessTokenClaims): number | null {
  const { iat, exp } = claims;
  return typeof iat === 'number' && iat <= exp ? exp - iat : null;
}

/** Starts a session from an access token just issued by the server and stores it; false when it is unreadable. */
export function startSession(token: string): boolean {
  const claims = decodeClaims(token);
  if (!claims) return false;
  const lifetime = lifetimeOf(claims);
  const expiresAt = lifetime === null ? claims.exp : nowSeconds() + lifetime;
  current = { token, claims, expiresAt };
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(TOKEN_EXPIRY_STORAGE_KEY, String(expiresAt));
  emit();
  return true;
}

/** Ends the session in this browser and forgets the stored token. */
export function endSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(TOKEN_EXPIRY_STORAGE_KEY);
  if (current === null) return;
  current = null;
  emit();
}

/**
 * Reads the stored token at start-up. Returns 'restored' when it is still valid, 'expired' when a
 * token was stored but has expired (the refresh cookie may still renew it), 'none' otherwise.
 */
export function restoreStoredSession(): 'restored' | 'expired' | 'none' {
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (!token) return 'none';
  const claims = decodeClaims(token);
  // Stored with the token by `startSession`; a token stored without it is judged by its own `exp`.
  const storedExpiry = Number(localStorage.getItem(TOKEN_EXPIRY_STORAGE_KEY) ?? Number.NaN);
  const expiresAt = Number.isFinite(storedExpiry) ? storedExpiry : claims?.exp;
  if (claims && expiresAt !== undefined && expiresAt > nowSeconds()) {
    current = { token, claims, expiresAt };
    emit();
    return 'restored';
  }
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(TOKEN_EXPIRY_STORAGE_KEY);
  return claims ? 'expired' : 'none';
}
