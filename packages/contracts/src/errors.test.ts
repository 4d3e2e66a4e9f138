import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from './error-body.js';
import { ERROR_CODES, ERROR_MESSAGES } from './errors.js';

describe('error codes', () => {
  it('each carry a message of their own', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_MESSAGES[code].length, code).toBeGreaterThan(0);
  });

  it('are the only codes an error body takes', () => {
    expect(Value.Check(ErrorBody, { detail: 'User not found', code: 'USER_NOT_FOUND' })).toBe(true);
    expect(Value.Check(ErrorBody, { detail: 'x', code: 'TEAPOT' })).toBe(false);
    expect(Value.Check(ErrorBody, { code: 'INTERNAL' })).toBe(false);
  });
});
