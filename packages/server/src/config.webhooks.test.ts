import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE', () => {
  it('are off unless set', () => {
    expect(loadConfig({}).webhooks).toEqual({ allowHttp: false, allowPrivate: false });
  });

  it.each([
    [{ WEBHOOK_ALLOW_HTTP: '1' }, { allowHttp: true, allowPrivate: false }],
    [{ WEBHOOK_ALLOW_PRIVATE: 'true' }, { allowHttp: false, allowPrivate: true }],
    [
      { WEBHOOK_ALLOW_HTTP: '0', WEBHOOK_ALLOW_PRIVATE: 'false' },
      { allowHttp: false, allowPrivate: false },
    ],
  ])('%j gives %j', (env, webhooks) => {
    expect(loadConfig(env).webhooks).toEqual(webhooks);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      "WEBHOOK_ALLOW_PRIVATE must be 1, 0, true or false, got 'yes'",
    );
  });
});
