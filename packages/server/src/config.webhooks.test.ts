import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const DEFAULT_SLOTS = { concurrency: 8, perAccount: 2, timeoutSeconds: 10 };

describe('WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE', () => {
  it('are off unless set', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowHttp: false, allowPrivate: false, ...DEFAULT_SLOTS });
  });

  it.each([
    [{ WEBHOOK_ALLOW_HTTP: '1' }, { allowHttp: true, allowPrivate: false }],
    [{ WEBHOOK_ALLOW_PRIVATE: 'true' }, { allowHttp: false, allowPrivate: true }],
    [
      { WEBHOOK_ALLOW_HTTP: '0', WEBHOOK_ALLOW_PRIVATE: 'false' },
      { allowHttp: false, allowPrivate: false },
    ],
  ])('%j gives %j', (env, webhooks) => {
    expect(loadConfig(env).webhooks).toEqual({ ...webhooks, ...DEFAULT_SLOTS });
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      "WEBHOOK_ALLOW_PRIVATE must be 1, 0, true or false, got 'yes'",
    );
  });
});

describe('WEBHOOK_CONCURRENCY, WEBHOOK_CONCURRENCY_PER_ACCOUNT and WEBHOOK_TIMEOUT_SECONDS', () => {
  it('are read as set', () => {
    const env = { WEBHOOK_CONCURRENCY: '16', WEBHOOK_CONCURRENCY_PER_ACCOUNT: '3', WEBHOOK_TIMEOUT_SECONDS: '4' };
    expect(loadConfig(env).webhooks).toMatchObject({ concurrency: 16, perAccount: 3, timeoutSeconds: 4 });
  });

  it('refuse a share per account that would let one account take every slot', () => {
    const message =
      'WEBHOOK_CONCURRENCY_PER_ACCOUNT must be below WEBHOOK_CONCURRENCY, so that one account cannot take every delivery slot';
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: '4', WEBHOOK_CONCURRENCY_PER_ACCOUNT: '4' })).toThrow(message);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY_PER_ACCOUNT: '8' })).toThrow(message);
    expect(() => loadConfig({ WEBHOOK_CONCURRENCY: '2' })).toThrow(message);
    expect(loadConfig({ WEBHOOK_CONCURRENCY: '2', WEBHOOK_CONCURRENCY_PER_ACCOUNT: '1' }).webhooks).toMatchObject({
      concurrency: 2,
      perAccount: 1,
    });
  });

  it('refuse a try longer than the 10 s the product states, or none', () => {
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_SECONDS: '11' })).toThrow(
      "WEBHOOK_TIMEOUT_SECONDS must be an integer from 1 to 10, got '11'",
    );
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_SECONDS: '0' })).toThrow(/WEBHOOK_TIMEOUT_SECONDS/);
  });
});
