import path from 'node:path';
import type { PaymentMode } from '@unnest/contracts';
import { type LlmSettings, llmSettingsFromEnv } from '@unnest/engine/node';
import ipaddr from 'ipaddr.js';
import { Value } from 'typebox/value';
import {
  Environment,
  type Known,
  MUST_BE,
  RULES,
  SECRET,
  type TimeLimitPlan,
  timeLimitEntry,
} from './config-environment.js';

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
  /** Where Enterprise enquiries go (SALES_EMAIL); absent: nowhere is offered. */
  salesEmail: string | undefined;
  /** In-process job workers; 0 makes an API-only node. */
  workers: number;
  publicUrl: string;
  logLevel: string;
  /**
   * Which reverse proxies' X-Forwarded-For is believed: a hop count, or their addresses/CIDRs; false
   * when none. The client is the first untrusted address counted from the right (Fastify's trustProxy).
   */
  trustProxy: number | string[] | false;
  /** How long a shutdown lets running conversions finish before aborting them (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /** How long a client may take to send a whole request, body included (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutSeconds: number;
  /** Seconds a conversion may run, per plan and for a credit, where they differ from the catalogue (CONVERSION_TIME_LIMITS). */
  conversionTimeLimits: Partial<Record<TimeLimitPlan, number>>;
  /** S3-compatible object storage for files; absent means the local directory `dataDir/files`. */
  s3: S3Config | undefined;
  /** Local files are written past the page cache where the file system allows it (FILES_DIRECT_IO, on by default). */
  directFileWrites: boolean;
  /** An OpenAI-compatible model that may refine smart column names (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). */
  llm: LlmSettings | undefined;
  payments: PaymentsConfig;
  webhooks: WebhooksConfig;
  notifications: NotificationsConfig;
}

/** Where outgoing webhooks may go, and how many are sent at once. */
export interface WebhooksConfig {
  /** Plain http receivers allowed (WEBHOOK_ALLOW_HTTP, off by default). */
  allowHttp: boolean;
  /** Private, loopback and other non-public addresses allowed (WEBHOOK_ALLOW_PRIVATE, off by default). */
  allowPrivate: boolean;
  /** Tries sent at once by each worker process (WEBHOOK_CONCURRENCY). */
  concurrency: number;
  /**
   * Tries of one account in flight at once in each worker process (WEBHOOK_CONCURRENCY_PER_ACCOUNT), below
   * `concurrency`, so that one account's slow receivers always leave room for the others.
   */
  perAccount: number;
  /** The longest a try may take, connecting, sending and reading the answer (WEBHOOK_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
}

/** When notifications are raised and how their mail is retried. */
export interface NotificationsConfig {
  /** A stored conversion at least this long notifies when it ends (LONG_CONVERSION_SECONDS). */
  longConversionSeconds: number;
  /** First retry of a failed notification e-mail, doubling after (NOTIFICATION_MAIL_RETRY_SECONDS). */
  mailRetrySeconds: number;
}

/** How payments are taken (PAYMENTS, RAZORPAY_*). */
export interface PaymentsConfig {
  mode: PaymentMode;
  /** Why this mode was chosen, for the start-up log. */
  reason: string;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string } | undefined;
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

/** CONVERSION_TIME_LIMITS as seconds per plan (checked at boot). */
function conversionTimeLimits(value: string | undefined): Config['conversionTimeLimits'] {
  const entries = (value?.split(',') ?? []).map(timeLimitEntry);
  return Object.fromEntries(entries.filter((entry) => entry !== undefined));
}

type Env = Record<string, string | undefined>;

/** The variables the schema names, trimmed, blank ones left out. */
function knownVariables(env: Env): Known {
  const known: Known = {};
  for (const name of Object.keys(Environment.properties)) {
    const value = env[name]?.trim();
    if (value) known[name] = value;
  }
  return known;
}

/** The one-line error for the first variable that breaks the schema. */
function problem(name: string, raw: string, error: { keyword: string; message: string }): string {
  const schema = (Environment.properties as Record<string, unknown>)[name] as Record<string, unknown>;
  if (error.keyword === '~refine') return `${name} ${error.message}`;
  const mustBe = typeof schema[MUST_BE] === 'string' ? schema[MUST_BE] : error.message;
  return schema[SECRET] === true ? `${name} ${mustBe}` : `${name} ${mustBe}, got '${raw}'`;
}

/** Validates the environment against the schema, once; throws ConfigError naming the variable. */
function parseEnvironment(env: Env): Environment {
  const known = knownVariables(env);
  const value = Value.Default(Environment, { ...known });
  const [error] = Value.Errors(Environment, value);
  if (error) {
    const name = error.instancePath.split('/')[1] ?? '';
    throw new ConfigError(problem(name, known[name] ?? '', error));
  }
  for (const rule of RULES) if (!rule.holds(known)) throw new ConfigError(rule.error);
  return value as Environment;
}

function flag(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

/** Reads and validates the configuration; the only place that looks at process.env. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const settings = parseEnvironment(env);
  const publicUrl = settings.PUBLIC_URL ?? `http://localhost:${Number(settings.PORT)}`;
  return {
    port: Number(settings.PORT),
    host: settings.HOST,
    dataDir: path.resolve(cwd, settings.DATA_DIR),
    databaseUrl: settings.DATABASE_URL,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM,
    jwtSecret: settings.JWT_SECRET,
    adminEmails: settings.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    salesEmail: settings.SALES_EMAIL,
    workers: Number(settings.WORKERS),
    publicUrl,
    logLevel: settings.LOG_LEVEL,
    trustProxy: trustProxy(settings.TRUST_PROXY),
    shutdownGraceSeconds: Number(settings.SHUTDOWN_GRACE_SECONDS),
    requestTimeoutSeconds: Number(settings.REQUEST_TIMEOUT_SECONDS),
    conversionTimeLimits: conversionTimeLimits(settings.CONVERSION_TIME_LIMITS),
    s3: settings.S3_BUCKET === undefined ? undefined : s3Config(settings, settings.S3_BUCKET),
    directFileWrites: settings.FILES_DIRECT_IO === undefined || flag(settings.FILES_DIRECT_IO),
    llm:
      llmSettingsFromEnv({
        LLM_BASE_URL: settings.LLM_BASE_URL,
        LLM_API_KEY: settings.LLM_API_KEY,
        LLM_MODEL: settings.LLM_MODEL,
      }) ?? undefined,
    payments: paymentsConfig(settings, publicUrl),
    webhooks: {
      allowHttp: flag(settings.WEBHOOK_ALLOW_HTTP),
      allowPrivate: flag(settings.WEBHOOK_ALLOW_PRIVATE),
      concurrency: Number(settings.WEBHOOK_CONCURRENCY),
      perAccount: Number(settings.WEBHOOK_CONCURRENCY_PER_ACCOUNT),
      timeoutSeconds: Number(settings.WEBHOOK_TIMEOUT_SECONDS),
    },
    notifications: {
      longConversionSeconds: Number(settings.LONG_CONVERSION_SECONDS),
      mailRetrySeconds: Number(settings.NOTIFICATION_MAIL_RETRY_SECONDS),
    },
  };
}

function s3Config(settings: Environment, bucket: string): S3Config {
  return {
    bucket,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle:
      settings.S3_FORCE_PATH_STYLE === undefined
        ? settings.S3_ENDPOINT !== undefined
        : flag(settings.S3_FORCE_PATH_STYLE),
  };
}

/**
 * TRUST_PROXY: unset for none, a hop count (`1` behind one nginx), or a comma-separated list of proxy
 * addresses/CIDRs. `true` is refused: believing every hop lets a client choose its address.
 */
function trustProxy(value: string | undefined): number | string[] | false {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether HOST is a loopback listener (localhost, 127.0.0.0/8 or ::1): nobody else can reach it. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/**
 * PAYMENTS: `razorpay` uses the three RAZORPAY_* secrets; `test` serves the server's own checkout
 * (no money moves) and is the explicit switch for a test deployment. Unset, it is `razorpay` when
 * keys are set; without keys it is `test` only when nobody else can reach the server (HOST is a
 * loopback listener and PUBLIC_URL a local address; a loopback listener behind a public proxy is
 * reachable by anyone), else `off`, so that a server never gives plans away by accident.
 */
function paymentsConfig(settings: Environment, publicUrl: string): PaymentsConfig {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = settings;
  const razorpay =
    keyId && keySecret && webhookSecret
      ? { keyId, keySecret, webhookSecret, apiUrl: settings.RAZORPAY_API_URL ?? 'https://api.razorpay.com' }
      : undefined;
  if (settings.PAYMENTS) return { mode: settings.PAYMENTS, reason: `PAYMENTS=${settings.PAYMENTS}`, razorpay };
  if (razorpay) return { mode: 'razorpay', reason: 'RAZORPAY_* keys are set', razorpay };
  if (!isLoopbackHost(settings.HOST)) {
    return {
      mode: 'off',
      reason: `no RAZORPAY_* keys and HOST=${settings.HOST} is not a loopback listener: set the keys, or PAYMENTS=test for a test deployment`,
      razorpay,
    };
  }
  if (!LOCAL_HOSTS.has(new URL(publicUrl).hostname)) {
    return {
      mode: 'off',
      reason: 'no RAZORPAY_* keys and PUBLIC_URL is not local: set the keys, or PAYMENTS=test for a test deployment',
      razorpay,
    };
  }
  return {
    mode: 'test',
    reason: `no RAZORPAY_* keys, HOST=${settings.HOST} is a loopback listener and PUBLIC_URL is local`,
    razorpay,
  };
}
