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
      directFileWrites: true,
    });
  });

  it('writes local files through the page cache when FILES_DIRECT_IO is off', () => {
    expect(loadConfig({ FILES_DIRECT_IO: '0' }).directFileWrites).toBe(false);
    expect(loadConfig({ FILES_DIRECT_IO: 'false' }).directFileWrites).toBe(false);
    expect(loadConfig({ FILES_DIRECT_IO: '1' }).directFileWrites).toBe(true);
    expect(() => loadConfig({ FILES_DIRECT_IO: 'sometimes' })).toThrow(/^FILES_DIRECT_IO must be 1, 0, true or false/);
  });

  it('reads conversion time limits per plan, and refuses an unknown plan or a limit past a day', () => {
    expect(loadConfig({}).conversionTimeLimits).toEqual({});
    expect(loadConfig({ CONVERSION_TIME_LIMITS: 'free=60, credit = 7200' }).conversionTimeLimits).toEqual({
      free: 60,
      credit: 7200,
    });
    for (const value of ['gold=60', 'free=0', 'free=86401', 'free', 'free=1m']) {
      expect(() => loadConfig({ CONVERSION_TIME_LIMITS: value })).toThrow(
        /^CONVERSION_TIME_LIMITS must be a comma-separated list of plan=seconds/,
      );
    }
  });

  it('reads and normalises the settings', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/unnest',
        DATABASE_URL: 'postgres://u@db:5432/unnest',
        ADMIN_EMAILS: ' Ops@Example.com ,, root@example.com',
        SALES_EMAIL: 'sales@example.com',
        WORKERS: '0',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/unnest',
      databaseUrl: 'postgres://u@db:5432/unnest',
      adminEmails: ['ops@example.com', 'root@example.com'],
      salesEmail: 'sales@example.com',
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
    [{ PORT: '80.5' }, /^PORT must be an integer from 0 to 65535, got '80.5'$/],
    [{ SALES_EMAIL: 'Sales <sales@example.com>' }, /^SALES_EMAIL must be an e-mail address such as sales@example.com$/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'$/],
    [{ PUBLIC_URL: 'ftp://example.com' }, /^PUBLIC_URL must start with http:\/\/ or https:\/\/$/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /^S3_BUCKET is required when S3_\* is set$/],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together$/],
    [{ LLM_BASE_URL: 'http://llm', LLM_MODEL: 'm' }, /^LLM_BASE_URL, LLM_API_KEY and LLM_MODEL must be set together$/],
    [{ LLM_BASE_URL: 'llm', LLM_API_KEY: 'k', LLM_MODEL: 'm' }, /^LLM_BASE_URL is not a valid URL$/],
  ])('refuses %j at boot', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a secret in its error', () => {
    expect(() => loadConfig({ JWT_SECRET: 'hunter2-hunter2' })).toThrow(
      /^JWT_SECRET must be at least 32 characters long$/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db' })).not.toThrow(/hunter2/);
  });

  it('counts a blank variable as unset and trims the others', () => {
    const config = loadConfig({ PORT: ' ', WORKERS: ' 3 ', LOG_LEVEL: '', JWT_SECRET: '  ', HOST: ' 127.0.0.1 ' }, '/');
    expect(config).toMatchObject({ port: 8080, workers: 3, logLevel: 'info', jwtSecret: undefined, host: '127.0.0.1' });
  });

  it('reads S3 storage and the model settings, with their defaults', () => {
    const config = loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      LLM_BASE_URL: 'https://llm.example.com/v1',
      LLM_API_KEY: 'key',
      LLM_MODEL: 'small',
      TRUST_PROXY: '1',
    });
    expect(config.s3).toEqual({
      bucket: 'files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(config.llm).toEqual({ baseUrl: 'https://llm.example.com/v1', apiKey: 'key', model: 'small' });
    expect(config.trustProxy).toBe(1);
    expect(loadConfig({ S3_BUCKET: 'files', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://minio', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({}).llm).toBeUndefined();
  });
});
