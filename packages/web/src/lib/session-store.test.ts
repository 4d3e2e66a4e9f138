import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decodeClaims,
  endSession,
  getSession,
  nowSeconds,
  restoreStoredSession,
  startSession,
  subscribeSession,
  TOKEN_EXPIRY_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from './session-store';
import { unsignedAccessToken } from './test-support/access-token';

afterEach(() => {
  endSession();
  localStorage.clear();
});

describe('decodeClaims', () => {
  it('reads the claims of an access token, base64url and UTF-8 included', () => {
    const token = unsignedAccessToken({ email: 'zoë@example.com', sub: 'user-ÿ' });
    expect(decodeClaims(token)).toMatchObject({ sub: 'user-ÿ', email: 'zoë@example.com', plan: 'free' });
  });

  it('refuses what is not a token or lacks the claims the client relies on', () => {
    expect(decodeClaims('not a token')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
    expect(decodeClaims(unsignedAccessToken({ exp: undefined }))).toBeNull();
    expect(decodeClaims(unsignedAccessToken({ email: undefined }))).toBeNull();
  });
});

describe('the session store', () => {
  it('starts a session from a token, stores it and tells its listeners; ends it the same way', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    const token = unsignedAccessToken();
    expect(startSession(token)).toBe(true);
    expect(getSession()?.token).toBe(token);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    endSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    startSession(token);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('does not start a session from an unreadable token', () => {
    expect(startSession('garbage')).toBe(false);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('restores a stored valid token, reports an expired one and forgets it', () => {
    expect(restoreStoredSession()).toBe('none');
    const valid = unsignedAccessToken();
    localStorage.setItem(TOKEN_STORAGE_KEY, valid);
    expect(restoreStoredSession()).toBe('restored');
    expect(getSession()?.token).toBe(valid);
    endSession();

    localStorage.setItem(TOKEN_STORAGE_KEY, unsignedAccessToken({ exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(restoreStoredSession()).toBe('expired');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    localStorage.setItem(TOKEN_STORAGE_KEY, 'garbage');
    expect(restoreStoredSession()).toBe('none');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it("counts a token's lifetime from its arrival, so a browser clock ahead of the server's does not expire it", () => {
    const now = nowSeconds();
    // Issued by a server whose clock is 20 minutes behind this browser's: by its own `exp`, already expired.
    const token = unsignedAccessToken({ iat: now - 1200, exp: now - 300 });
    expect(startSession(token)).toBe(true);
    expect(getSession()?.expiresAt).toBe(now + 900);
    expect(localStorage.getItem(TOKEN_EXPIRY_STORAGE_KEY)).toBe(String(now + 900));
    // A reload restores it by the expiry on this clock, not by the claims.
    expect(restoreStoredSession()).toBe('restored');
    expect(getSession()?.expiresAt).toBe(now + 900);

    // Once that expiry has passed here, the stored token is expired, whatever its claims say.
    localStorage.setItem(TOKEN_STORAGE_KEY, unsignedAccessToken());
    localStorage.setItem(TOKEN_EXPIRY_STORAGE_KEY, String(now - 1));
    expect(restoreStoredSession()).toBe('expired');
    expect(localStorage.getItem(TOKEN_EXPIRY_STORAGE_KEY)).toBeNull();
  });
});
