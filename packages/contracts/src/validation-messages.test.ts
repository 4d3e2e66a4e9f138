import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ConfirmSignupBody, EmailOnlyBody, LoginBody, ResetPasswordBody, SignupBody } from './auth.js';
import { ERROR_MESSAGES } from './errors.js';
import { DeleteAccountBody } from './profile.js';
import { VALIDATION_MESSAGES_KEY, withMessages } from './validation-messages.js';

/** The schema at a `#/properties/a/...` path of `root`. */
function schemaAt(root: TSchema, path: string): Record<string, unknown> {
  let schema = root as unknown as Record<string, unknown>;
  for (const part of path.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    schema = schema[part] as Record<string, unknown>;
  }
  return schema;
}

/**
 * The text a user is shown for `value`, by the rule the annotation documents (and the server's error
 * handler applies): the first failed check's `x-messages` entry for its keyword, an empty string
 * counting as missing; undefined when the value passes.
 */
function specMessage(schema: TSchema, value: unknown): string | undefined {
  const [first] = Value.Errors(schema, value);
  if (first === undefined) return undefined;
  const messages = schemaAt(schema, first.schemaPath)[VALIDATION_MESSAGES_KEY] as Record<string, string> | undefined;
  const failed = Value.Pointer.Get(value, first.instancePath);
  const keyword = failed === '' && first.keyword !== 'required' ? 'required' : first.keyword;
  return messages?.[keyword] ?? messages?.required ?? ERROR_MESSAGES.VALIDATION_FAILED;
}

const good = { email: 'ada@example.com', password: 'correct horse' };

describe('withMessages', () => {
  it('puts the texts under the annotation key', () => {
    expect(withMessages({ required: 'r', pattern: 'p' })).toEqual({
      [VALIDATION_MESSAGES_KEY]: { required: 'r', pattern: 'p' },
    });
  });
});

describe('sign-up and sign-in bodies', () => {
  it('accept an address of the simple shape and a long enough password', () => {
    expect(Value.Check(SignupBody, good)).toBe(true);
    expect(Value.Check(LoginBody, { ...good, password: 'x' })).toBe(true);
  });

  it("answer with the spec's texts", () => {
    expect(specMessage(SignupBody, { password: good.password })).toBe('Please enter both email and password');
    expect(specMessage(SignupBody, { ...good, email: '' })).toBe('Please enter both email and password');
    expect(specMessage(SignupBody, { ...good, email: 'ada@example' })).toBe('Please enter a valid email address');
    expect(specMessage(SignupBody, { ...good, email: 'a da@example.com' })).toBe('Please enter a valid email address');
    expect(specMessage(SignupBody, { ...good, password: 'short' })).toBe('Password must be at least 8 characters long');
    expect(specMessage(SignupBody, { ...good, password: 'p'.repeat(1025) })).toBe('Password is too long');
    expect(specMessage(LoginBody, { ...good, password: '' })).toBe('Please enter both email and password');
    expect(specMessage(LoginBody, {})).toBe('Please enter both email and password');
  });

  it('cap the address at 320 characters', () => {
    const long = `${'a'.repeat(310)}@example.com`;
    expect(specMessage(LoginBody, { ...good, email: long })).toBe('Please enter a valid email address');
  });
});

describe('confirmation and reset bodies', () => {
  it('take a six-digit code only', () => {
    const body = { email: good.email, confirmation_code: '012345' };
    expect(specMessage(ConfirmSignupBody, body)).toBeUndefined();
    for (const code of ['12345', '1234567', '12345a', ' 123456']) {
      expect(specMessage(ConfirmSignupBody, { ...body, confirmation_code: code }), code).toBe(
        'Enter the 6-digit code sent to your e-mail',
      );
    }
    expect(specMessage(ConfirmSignupBody, { email: good.email })).toBe('Please fill in all required fields');
  });

  it('ask for every field of a reset, with the password rule of sign-up', () => {
    const body = { email: good.email, code: '000000', new_password: 'new secret' };
    expect(specMessage(ResetPasswordBody, body)).toBeUndefined();
    expect(specMessage(ResetPasswordBody, { ...body, new_password: '' })).toBe('Please fill in all required fields');
    expect(specMessage(ResetPasswordBody, { ...body, new_password: 'short' })).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it('ask for the address alone where only it is needed', () => {
    expect(specMessage(EmailOnlyBody, { email: good.email })).toBeUndefined();
    expect(specMessage(EmailOnlyBody, {})).toBe('Please enter your email address');
    expect(specMessage(EmailOnlyBody, { email: '' })).toBe('Please enter your email address');
  });
});

describe('account deletion body', () => {
  it('needs the password', () => {
    expect(specMessage(DeleteAccountBody, { password: 'x' })).toBeUndefined();
    expect(specMessage(DeleteAccountBody, { password: '' })).toBe('Please enter your password to delete your account');
    expect(specMessage(DeleteAccountBody, {})).toBe('Please enter your password to delete your account');
  });
});
