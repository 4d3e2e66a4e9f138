import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has a working default for everything', () => {
    const config = loadConfig({}, '/srv/unnest');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('/srv/unnest/data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
      adminEmails: [],
      workers: 1,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('reads and normalises the settings', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/unnest',
        DATABASE_URL: 'postgres://u@db:5432/unnest',
        ADMIN_EMAILS: ' Ops@Example.com ,, root@example.com',
        WORKERS: '0',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/unnest',
      databaseUrl: 'postgres://u@db:5432/unnest',
      adminEmails: ['ops@example.com', 'root@example.com'],
      workers: 0,
      publicUrl: 'http://localhost:9000',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ WORKERS: '-1' }, /WORKERS must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL is not a valid URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
  ])('refuses %j at boot', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
