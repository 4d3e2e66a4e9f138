import { ERROR_MESSAGES, type LoginResponse } from '@unnest/contracts';
import { ApiError, apiErrorFrom, NETWORK_ERROR_TEXT } from './api-error';
import { endSession, getSession, nowSeconds, startSession } from './session-store';

/** A token this close to expiry (seconds) is renewed before it is used. */
export const REFRESH_MARGIN_SECONDS = 60;

let refreshing: Promise<boolean> | null = null;
let signingOut: Promise<void> | null = null;

/**
 * Renews the access token with the httpOnly refresh cookie. One refresh runs at a time, however
 * many calls need it. On failure the session ends (the cookie is gone, revoked or expired). None
 * starts while this browser signs out: it would race the revocation and could outlive it.
 */
export function refreshSession(): Promise<boolean> {
  if (signingOut) return Promise.resolve(false);
  refreshing ??= (async () => {
    try {
      const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
      if (!response.ok) {
        endSession();
        return false;
      }
      const body = (await response.json()) as LoginResponse;
      const ok = body.success && startSession(body.tokens.access_token);
      if (!ok) endSession();
      return ok;
    } catch {
      // Offline: keep the session; the next call reports the network error.
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Signs this browser out: a renewal under way finishes first, so the refresh cookie the server revokes
 * is the one the browser holds; then the session ends here, even when the server cannot be reached.
 */
export function signOutHere(): Promise<void> {
  signingOut ??= (async () => {
    await refreshing;
    try {
      await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
    } catch {
      // The server may be unreachable; this browser forgets the session anyway.
    }
    endSession();
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

/** The bearer token to send, renewed first when it is about to expire; null when signed out. */
export async function freshToken(): Promise<string | null> {
  const session = getSession();
  if (!session) return null;
  if (session.expiresAt - nowSeconds() <= REFRESH_MARGIN_SECONDS) await refreshSession();
  return getSession()?.token ?? null;
}

/** Options of one API call. */
export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (raw text, form data). */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Shown when the server gives no detail (spec section 8 texts). */
  fallbackError: string;
  signal?: AbortSignal;
}

async function send(path: string, request: ApiRequest, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body = request.body;
  if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_TEXT, 'NETWORK');
  }
}

/**
 * The 401s a renewed token can mend: the token refused (expired, ended), or an answer with no code (a proxy's
 * page). A refused password (INVALID_CREDENTIALS) is the user's answer: sent again, it would count twice.
 */
const TOKEN_REFUSALS = new Set<ApiError['code']>(['UNAUTHENTICATED', 'SESSION_EXPIRED', 'UNKNOWN']);

/**
 * The one way the app calls its API: adds the bearer token, renews it once when a 401 refuses it, and turns a
 * failure into an ApiError carrying the server's `detail` (or the fallback text).
 */
export async function apiFetch(path: string, request: ApiRequest): Promise<Response> {
  const signedIn = getSession() !== null;
  const token = await freshToken();
  // The session ended while the call waited for a renewal (refused, or the user signed out): a call made
  // signed in is not sent signed out, where it would only be refused.
  if (signedIn && token === null) throw new ApiError(401, ERROR_MESSAGES.SESSION_EXPIRED, 'SESSION_EXPIRED');
  let response = await send(path, request, token);
  if (response.status === 401 && token) {
    const refused = await apiErrorFrom(response, request.fallbackError);
    if (!TOKEN_REFUSALS.has(refused.code) || !(await refreshSession())) throw refused;
    response = await send(path, request, getSession()?.token ?? null);
  }
  if (!response.ok) throw await apiErrorFrom(response, request.fallbackError);
  return response;
}

/** An API call answering JSON. */
export async function apiJson<T>(path: string, request: ApiRequest): Promise<T> {
  const response = await apiFetch(path, request);
  return (await response.json()) as T;
}
