import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { authErrorFrom, classifyAuthError } from './auth-error';

describe('classifyAuthError', () => {
  it("classifies by the server's code, whatever the text says", () => {
    expect(classifyAuthError('USER_NOT_FOUND')).toBe('USER_NOT_FOUND');
    expect(classifyAuthError('INVALID_CREDENTIALS')).toBe('INVALID_CREDENTIALS');
    expect(classifyAuthError('EMAIL_NOT_CONFIRMED')).toBe('EMAIL_NOT_CONFIRMED');
    expect(classifyAuthError('SIGNUP_PENDING')).toBe('EMAIL_NOT_CONFIRMED');
    for (const code of ['CODE_INVALID', 'CODE_EXPIRED', 'RATE_LIMITED', 'NETWORK', 'UNKNOWN', undefined] as const) {
      expect(classifyAuthError(code)).toBe('GENERAL_ERROR');
    }
  });

  it("keeps the server's message and takes the class from the code alone", () => {
    // The text mentions a password and 'verification'; only the code counts.
    const wrongCode = new ApiError(400, 'Invalid verification code for this password reset', 'CODE_INVALID');
    expect(authErrorFrom(wrongCode, 'fallback')).toEqual({
      type: 'GENERAL_ERROR',
      message: 'Invalid verification code for this password reset',
    });
    const unconfirmed = new ApiError(403, 'Reworded by someone', 'EMAIL_NOT_CONFIRMED');
    expect(authErrorFrom(unconfirmed, 'fallback').type).toBe('EMAIL_NOT_CONFIRMED');
    expect(authErrorFrom(new Error('boom'), 'Sign in failed')).toEqual({
      type: 'GENERAL_ERROR',
      message: 'Sign in failed',
    });
  });
});
