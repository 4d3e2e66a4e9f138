import path from 'node:path';
import { type LlmSettings, llmSettingsFromEnv } from '@unnest/engine/node';

/** Everything the server reads from its environment, validated once at boot. */
export interface Config {
  port: number;
  host: string;
  /** Embedded database, generated secrets and the mail outbox live here. */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absent means one is generated once and kept in dataDir. */
  jwtSecret: string | undefined;
  adminEmails: string[];
  /** In-process job workers; 0 makes an API-only node. */
  workers: number;
  publicUrl: string;
  logLevel: string;
  /** Whether X-Forwarded-For is believed (behind a reverse proxy). */
  trustProxy: boolean;
  /** S3-compatible object storage for files; absent means the local directory `dataDir/files`. */
  s3: S3Config | undefined;
  /** An OpenAI-compatible model that may refine smart column names (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
  llm: LlmSettings | undefined;
}

/** Where S3-compatible storage is and how to sign in to it. */
export interface S3Config {
  bucket: string;
  /** Absent means AWS itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean;
}

/** Raised at boot when a setting is malformed; the message names the variable. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function s3Config(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new ConfigError('S3_BUCKET is required when S3_* is set');
    return undefined;
  }
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim();
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : endpoint !== undefined,
  };
}

/** Reads and validates the configuration; the only place that looks at process.env. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const jwtSecret = env.JWT_SECRET?.trim() || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters long');
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM?.trim() || 'Unnest <no-reply@localhost>',
    jwtSecret,
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    workers: integer(env, 'WORKERS', 1, 0, 64),
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    logLevel,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    s3: s3Config(env),
    llm: llmConfig(env),
  };
}

function llmConfig(env: Env): LlmSettings | undefined {
  const settings = llmSettingsFromEnv(env);
  if (!settings && (env.LLM_BASE_URL?.trim() || env.LLM_API_KEY?.trim() || env.LLM_MODEL?.trim())) {
    throw new ConfigError('LLM_BASE_URL, LLM_API_KEY and LLM_MODEL must be set together');
  }
  if (settings) url(env, 'LLM_BASE_URL', ['http:', 'https:']);
  return settings ?? undefined;
}
