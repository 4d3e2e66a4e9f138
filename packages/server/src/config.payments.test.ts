import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };

describe('PAYMENTS', () => {
  it.each([
    [{}, 'test'],
    [{ PUBLIC_URL: 'http://127.0.0.1:3000' }, 'test'],
    [{ PUBLIC_URL: 'https://unnest.example.com' }, 'off'],
    [{ PUBLIC_URL: 'https://unnest.example.com', ...KEYS }, 'razorpay'],
    [{ ...KEYS }, 'razorpay'],
    [{ PUBLIC_URL: 'https://unnest.example.com', PAYMENTS: 'test' }, 'test'],
    [{ ...KEYS, PAYMENTS: 'off' }, 'off'],
  ])('%j gives mode %s', (env, mode) => {
    const config = loadConfig(env);
    expect(config.payments.mode).toBe(mode);
    expect(config.payments.reason.length).toBeGreaterThan(0);
  });

  it('says why payments are off on a public address without keys', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://unnest.example.com' }).payments.reason).toMatch(/not local/);
  });

  it('defaults the API to Razorpay’s host and takes a local one', () => {
    expect(loadConfig(KEYS).payments.razorpay?.apiUrl).toBe('https://api.razorpay.com');
    expect(loadConfig({ ...KEYS, RAZORPAY_API_URL: 'http://127.0.0.1:9' }).payments.razorpay?.apiUrl).toBe(
      'http://127.0.0.1:9',
    );
  });

  it.each([
    [{ PAYMENTS: 'razorpay' }, /PAYMENTS=razorpay needs/],
    [{ PAYMENTS: 'free' }, /PAYMENTS must be one of razorpay, test, off/],
    [{ RAZORPAY_KEY_ID: 'rzp' }, /must be set together/],
    [{ ...KEYS, RAZORPAY_API_URL: 'ftp://x' }, /RAZORPAY_API_URL must start with http/],
  ])('refuses %j at boot', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
