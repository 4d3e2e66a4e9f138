import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config.js';

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

  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it.each([
    [{ HOST: '0.0.0.0' }, 'off'],
    [{ HOST: '::' }, 'off'],
    [{ HOST: '192.168.1.5' }, 'off'],
    [{ HOST: '0.0.0.0', PAYMENTS: 'test' }, 'test'],
    [{ HOST: '0.0.0.0', ...KEYS }, 'razorpay'],
    [{ HOST: 'localhost' }, 'test'],
    [{ HOST: '127.0.0.2' }, 'test'],
    [{ HOST: '::1' }, 'test'],
    [{ HOST: '127.0.0.1', PUBLIC_URL: 'https://unnest.example.com' }, 'off'],
  ])('without keys, test mode only on a loopback listener or by PAYMENTS=test: %j gives %s', (env, mode) => {
    expect(loadConfig(env).payments.mode).toBe(mode);
  });

  it('says which in its reason', () => {
    expect(loadConfig({}).payments.reason).toBe(
      'no RAZORPAY_* keys, HOST=127.0.0.1 is a loopback listener and PUBLIC_URL is local',
    );
    expect(loadConfig({ HOST: '0.0.0.0' }).payments.reason).toMatch(
      /^no RAZORPAY_\* keys and HOST=0\.0\.0\.0 is not a loopback listener: set the keys, or PAYMENTS=test/,
    );
    expect(loadConfig({ HOST: '0.0.0.0', PAYMENTS: 'test' }).payments.reason).toBe('PAYMENTS=test');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['example.com', false],
  ])('%s is a loopback listener: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
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
