import type { AccessTokenClaims } from '@unnest/contracts';
import { decodeJwt } from 'jose';

/** Local-storage key of the access token (spec section 9). */
export const TOKEN_STORAGE_KEY = 'authToken';

/** A signed-in session as the browser holds it: the bearer token and its decoded claims. */
export interface Session {
  token: string;
  claims: AccessTokenClaims;
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

/** Starts a session from an access token and stores the token; false when the token is unreadable. */
export function startSession(token: string): boolean {
  const claims = decodeClaims(token);
  if (!claims) return false;
  current = { token, claims };
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  emit();
  return true;
}

/** Ends the session in this browser and forgets the stored token. */
export function endSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
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
  if (claims && claims.exp > nowSeconds()) {
    current = { token, claims };
    emit();
    return 'restored';
  }
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  return claims ? 'expired' : 'none';
}
