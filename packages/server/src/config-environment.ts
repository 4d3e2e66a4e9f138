import { PAYMENT_MODES, PLAN_IDS } from '@unnest/contracts';
import ipaddr from 'ipaddr.js';
import { type Static, Type } from 'typebox';

// The environment variables the server reads, as a schema: each with its check, default and
// description. config.ts reads the environment with it; docs/configuration.md is generated from it.

/** Annotation: what a variable must be, as the one-line boot error says it. */
export const MUST_BE = 'x-must-be';
/** Annotation: the value is a secret or may hold one, so the error never repeats it. */
export const SECRET = 'x-secret';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Annotation: the values a variable takes, in words, for the configuration page. */
export const VALUES = 'x-values';

/** A whole number from `minimum` to `maximum`, written as JavaScript reads numbers (`8080`, `1e3`). */
function integer(minimum: number, maximum: number, fallback: number, description: string) {
  return Type.Refine(
    Type.String({ default: String(fallback), description, [VALUES]: `a whole number from ${minimum} to ${maximum}` }),
    (value) => Number.isInteger(Number(value)) && Number(value) >= minimum && Number(value) <= maximum,
    (value) => `must be an integer from ${minimum} to ${maximum}, got '${value}'`,
  );
}

function text(fallback: string, description: string) {
  return Type.String({ default: fallback, description, [VALUES]: 'text' });
}

function optionalText(description: string, options: { secret?: boolean } = {}) {
  return Type.Optional(Type.String({ description, [VALUES]: 'text', ...(options.secret ? { [SECRET]: true } : {}) }));
}

/** An on/off switch: `1` or `true` turns it on, `0` or `false` (or unset) leaves it off. */
function switchFlag(description: string) {
  const values = '1, 0, true or false';
  return Type.Optional(
    Type.Enum(['0', '1', 'true', 'false'], { description, [MUST_BE]: `must be ${values}`, [VALUES]: values }),
  );
}

/** A URL whose protocol is one of `protocols` (e.g. `https:`); its error never repeats it (it may hold a password). */
function url(protocols: readonly string[], description: string) {
  const starts = protocols.map((protocol) => `${protocol}//`).join(' or ');
  return Type.Optional(
    Type.Refine(
      Type.String({ description, [VALUES]: `a URL starting with ${starts}` }),
      (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
      (value) => (URL.canParse(value) ? `must start with ${starts}` : 'is not a valid URL'),
    ),
  );
}

// One address, as a mailto: link takes it (no display name, no list).
const EMAIL_ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** Webhook tries at once per worker process, and of one account in each worker process, unless set. */
const WEBHOOK_SLOTS = { concurrency: 8, perAccount: 2 };

/** A plan, or `credit` for a conversion paid by one, in CONVERSION_TIME_LIMITS. */
export type TimeLimitPlan = (typeof PLAN_IDS)[number] | 'credit';

/** One entry of CONVERSION_TIME_LIMITS: `free=120`. */
const TIME_LIMIT_ENTRY = new RegExp(`^(${[...PLAN_IDS, 'credit'].join('|')})\\s*=\\s*([1-9]\\d{0,4})$`);
const MAX_TIME_LIMIT_SECONDS = 86_400;

/** One entry of CONVERSION_TIME_LIMITS read, or undefined when it is not `plan=seconds` within a day. */
export function timeLimitEntry(entry: string): [TimeLimitPlan, number] | undefined {
  const [, plan, seconds] = TIME_LIMIT_ENTRY.exec(entry.trim()) ?? [];
  if (plan === undefined || seconds === undefined || Number(seconds) > MAX_TIME_LIMIT_SECONDS) return undefined;
  return [plan as TimeLimitPlan, Number(seconds)];
}

/**
 * Every variable the server reads, with its default: blank counts as unset. Rules that tie several
 * variables together come after, each with its one-line error.
 */
export const Environment = Type.Object({
  PORT: integer(0, 65535, 8080, 'The TCP port the server listens on. Example: `PORT=9000`.'),
  HOST: text(
    '127.0.0.1',
    'The address the server listens on: `0.0.0.0` for every interface, `127.0.0.1` for this machine only (behind a reverse proxy on the same host). A loopback address also lets test payments run without keys (see `PAYMENTS`).',
  ),
  DATA_DIR: text(
    'data',
    'The folder, relative to the working directory, for the embedded database, stored files (`files/`), the mail outbox (`outbox/`), the conversion spool and the generated `jwt-secret`. Only one process may use a `DATA_DIR` at a time: a second one refuses to start, and a lock left by a crashed process is taken over. Example: `DATA_DIR=/var/lib/unnest`.',
  ),
  DATABASE_URL: url(
    ['postgres:', 'postgresql:'],
    'PostgreSQL 15 or newer instead of the embedded database; every process of a scaled-out deployment points at the same one. Unset: the embedded database in `DATA_DIR`. Example: `DATABASE_URL=postgres://unnest:secret@db.internal:5432/unnest`.',
  ),
  SMTP_URL: url(
    ['smtp:', 'smtps:'],
    'The mail server, credentials included. Unset: every e-mail is written to `DATA_DIR/outbox/*.eml` and its code is printed in the server log, so sign-up works on a laptop. Example: `SMTP_URL=smtps://user:password@mail.example.com:465`.',
  ),
  MAIL_FROM: text(
    'Unnest <no-reply@localhost>',
    'The sender of every e-mail. Example: `MAIL_FROM=Unnest <no-reply@example.com>`.',
  ),
  JWT_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'The key that signs the 15-minute access tokens (and, derived from it, codes, unsubscribe links and test checkouts). Processes sharing a database must share it. Unset: generated once into `DATA_DIR/jwt-secret` (mode 600). Rotating it: [deployment](deployment.md#rotating-secrets).',
      [MUST_BE]: 'must be at least 32 characters long',
      [VALUES]: 'text of at least 32 characters',
      [SECRET]: true,
    }),
  ),
  ADMIN_EMAILS: text(
    '',
    'Comma-separated accounts always in the `admin` group, whose role cannot be taken away in the app ([admin area](admin.md)). Example: `ADMIN_EMAILS=ops@example.com,lead@example.com`.',
  ),
  SALES_EMAIL: Type.Optional(
    Type.Refine(
      Type.String({
        description:
          "Where Enterprise enquiries go: the pricing page's Contact Sales opens a `mailto:` to it. Unset: the Enterprise plan is shown as priced on request, with no contact. Example: `SALES_EMAIL=sales@example.com`.",
        [VALUES]: 'an e-mail address',
      }),
      (value) => EMAIL_ADDRESS.test(value),
      () => 'must be an e-mail address such as sales@example.com',
    ),
  ),
  WORKERS: integer(
    0,
    64,
    1,
    'Job workers inside this process (batch files, asynchronous conversions, mail, webhooks, sweeps); `0` makes an API-only process whose jobs are run by `npm run worker` processes on the same database.',
  ),
  PUBLIC_URL: url(
    ['http:', 'https:'],
    'The address users reach the app at, used in the API document and in links; `https://` makes cookies `Secure` and turns on HSTS. Unset: `http://localhost:PORT`. Example: `PUBLIC_URL=https://unnest.example.com`.',
  ),
  LOG_LEVEL: Type.Enum([...LOG_LEVELS], {
    default: 'info',
    description: 'The least severe log record written (pino levels).',
    [MUST_BE]: `must be one of ${LOG_LEVELS.join(', ')}`,
    [VALUES]: `one of ${LOG_LEVELS.join(', ')}`,
  }),
  TRUST_PROXY: Type.Optional(
    Type.Refine(
      Type.String({
        description:
          "The reverse proxies in front, whose `X-Forwarded-For` is believed: their addresses or CIDRs (or `loopback`, `linklocal`, `uniquelocal`), or a hop count (`1` behind one nginx, only when the server cannot be reached but through it). `true` and ranges that hold every address are refused. Unset: none; the client is the socket's address. Example: `TRUST_PROXY=10.0.0.0/8,127.0.0.1`. Why: [security](security.md#network-proxies-and-timeouts).",
        [VALUES]: 'a hop count, or a comma-separated list of addresses and CIDRs',
      }),
      (value) => trustProxyProblem(value) === undefined,
      (value) => trustProxyProblem(value) ?? '',
    ),
  ),
  SHUTDOWN_GRACE_SECONDS: integer(
    0,
    3600,
    20,
    'Seconds running conversions may take to finish after SIGTERM before they are stopped with a 503 and a retry hint.',
  ),
  // At most 30 minutes, so that a conversion still running is never taken for a dead one (an hour).
  REQUEST_TIMEOUT_SECONDS: integer(
    10,
    1800,
    600,
    'Seconds a client may take to send one whole request, upload included: at 600 a 1 GB upload needs 1.7 MB/s, so raise it for plans with larger files. Example: `REQUEST_TIMEOUT_SECONDS=1800`.',
  ),
  FILES_DIRECT_IO: switchFlag(
    'On unless `0` or `false`: stored files in the local directory are written past the page cache (`O_DIRECT`) where the file system takes it. `0` writes them through the page cache, better on a disk slower than about 200 MB/s. Why: [performance](performance.md#direct-writes-of-stored-files).',
  ),
  CONVERSION_TIME_LIMITS: Type.Optional(
    Type.Refine(
      Type.String({
        description:
          "Seconds a conversion may run, per plan and for one paid by a credit, where they differ from the plan catalogue's ([limits](limits.md)). Unset: the catalogue's. Example: `CONVERSION_TIME_LIMITS=free=60,credit=7200`.",
        [VALUES]: `a comma-separated list of plan=seconds (plans: ${[...PLAN_IDS, 'credit'].join(', ')}; 1 to 86400 seconds)`,
      }),
      (value) => value.split(',').every((entry) => timeLimitEntry(entry) !== undefined),
      (value) =>
        `must be a comma-separated list of plan=seconds (plans: ${[...PLAN_IDS, 'credit'].join(', ')}; 1 to 86400 seconds), got '${value}'`,
    ),
  ),
  S3_BUCKET: optionalText(
    'Store files in this S3-compatible bucket instead of `DATA_DIR/files`; needed when `S3_ENDPOINT` or the `S3_*` keys are set. Example: `S3_BUCKET=unnest-files`.',
  ),
  S3_ENDPOINT: url(
    ['http:', 'https:'],
    'The S3-compatible server (MinIO, R2, ...). Unset: AWS itself. Example: `S3_ENDPOINT=http://127.0.0.1:9000`.',
  ),
  S3_REGION: text('us-east-1', "The bucket's region."),
  S3_ACCESS_KEY_ID: optionalText(
    "The bucket's access key, set together with `S3_SECRET_ACCESS_KEY`. Unset: the AWS default credential chain.",
  ),
  S3_SECRET_ACCESS_KEY: optionalText('The secret of `S3_ACCESS_KEY_ID` (both or neither).', { secret: true }),
  S3_FORCE_PATH_STYLE: optionalText(
    "`1` or `true`: the bucket goes in the URL's path, as most self-hosted stores need; anything else: in the host name. Unset: on when `S3_ENDPOINT` is set.",
  ),
  LLM_BASE_URL: url(
    ['http:', 'https:'],
    'An OpenAI-compatible API whose model may refine the readable column names of an analysis; set together with `LLM_API_KEY` and `LLM_MODEL`. Unset: the built-in names only. Example: `LLM_BASE_URL=https://api.openai.com/v1`.',
  ),
  LLM_API_KEY: optionalText('The key for `LLM_BASE_URL`.', { secret: true }),
  LLM_MODEL: optionalText('The model asked at `LLM_BASE_URL`. Example: `LLM_MODEL=gpt-4o-mini`.'),
  PAYMENTS: Type.Optional(
    Type.Enum([...PAYMENT_MODES], {
      description:
        "How plans and credits are paid ([payments](payments.md)): `razorpay` with the three `RAZORPAY_*` secrets, `test` the server's own checkout where no money moves, `off` no buying. Unset: `razorpay` when the keys are set; otherwise `test` when nobody else can reach the server (a loopback `HOST` and a local `PUBLIC_URL`), else `off`.",
      [MUST_BE]: `must be one of ${PAYMENT_MODES.join(', ')}`,
      [VALUES]: `one of ${PAYMENT_MODES.join(', ')}`,
    }),
  ),
  RAZORPAY_KEY_ID: optionalText(
    'The Razorpay key id, set together with `RAZORPAY_KEY_SECRET` and `RAZORPAY_WEBHOOK_SECRET`.',
  ),
  RAZORPAY_KEY_SECRET: optionalText('The Razorpay key secret.', { secret: true }),
  RAZORPAY_WEBHOOK_SECRET: optionalText('The secret Razorpay signs its webhooks with.', { secret: true }),
  RAZORPAY_API_URL: url(
    ['http:', 'https:'],
    "Razorpay's API (a local stub in tests). Unset: `https://api.razorpay.com`.",
  ),
  WEBHOOK_ALLOW_HTTP: switchFlag(
    '`1`: webhook URLs may use plain `http://` (own network or tests only). Unset: `https://` only.',
  ),
  WEBHOOK_ALLOW_PRIVATE: switchFlag(
    '`1`: webhooks may go to loopback and private addresses (own network only). Unset: public addresses only.',
  ),
  WEBHOOK_CONCURRENCY: integer(
    2,
    256,
    WEBHOOK_SLOTS.concurrency,
    'Webhook tries sent at once by each worker process ([webhooks](webhooks.md)).',
  ),
  WEBHOOK_CONCURRENCY_PER_ACCOUNT: integer(
    1,
    255,
    WEBHOOK_SLOTS.perAccount,
    "Webhook tries of one account in flight at once in each worker process; below `WEBHOOK_CONCURRENCY`, so that one account's slow receivers always leave room for the others.",
  ),
  WEBHOOK_TIMEOUT_SECONDS: integer(
    1,
    10,
    10,
    'Seconds one webhook try may take, connecting, sending and reading the answer.',
  ),
  LONG_CONVERSION_SECONDS: integer(
    0,
    86_400,
    30,
    'Seconds from which a stored conversion notifies its owner when it ends ([notifications](notifications.md)).',
  ),
  NOTIFICATION_MAIL_RETRY_SECONDS: integer(
    1,
    3600,
    60,
    'Seconds before the first retry of a notification e-mail that could not be sent; each of the 10 retries waits about twice as long as the one before (at 60, the last comes 17 to 34 hours after the first try).',
  ),
});
export type Environment = Static<typeof Environment>;

/** The variables set, trimmed, blank ones left out. */
export type Known = Record<string, string>;

/** Rules that tie variables together, checked after each variable is valid on its own. */
export const RULES: ReadonlyArray<{ holds: (env: Known) => boolean; error: string }> = [
  {
    holds: (env) =>
      env.S3_BUCKET !== undefined || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY),
    error: 'S3_BUCKET is required when S3_* is set',
  },
  {
    holds: (env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined),
    error: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  },
  {
    holds: (env) =>
      [env.LLM_API_KEY, env.LLM_MODEL].every((value) => (value === undefined) === (env.LLM_BASE_URL === undefined)),
    error: 'LLM_BASE_URL, LLM_API_KEY and LLM_MODEL must be set together',
  },
  {
    holds: (env) =>
      [env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRET].every(
        (value) => (value === undefined) === (env.RAZORPAY_KEY_ID === undefined),
      ),
    error: 'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET must be set together',
  },
  {
    holds: (env) =>
      Number(env.WEBHOOK_CONCURRENCY_PER_ACCOUNT ?? WEBHOOK_SLOTS.perAccount) <
      Number(env.WEBHOOK_CONCURRENCY ?? WEBHOOK_SLOTS.concurrency),
    error:
      'WEBHOOK_CONCURRENCY_PER_ACCOUNT must be below WEBHOOK_CONCURRENCY, so that one account cannot take every delivery slot',
  },
  {
    holds: (env) => env.PAYMENTS !== 'razorpay' || env.RAZORPAY_KEY_ID !== undefined,
    error: 'PAYMENTS=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
  },
];

// proxy-addr's names for address ranges, which Fastify accepts in the list.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Why a TRUST_PROXY value cannot be used (the rest of the one-line error after the name), or undefined. */
function trustProxyProblem(value: string): string | undefined {
  if (/^\d+$/.test(value) || value === 'false') return undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  if (!entries.every(isAddressOrCidr)) {
    return `must be a hop count (e.g. 1 behind one reverse proxy) or a comma-separated list of proxy addresses or CIDRs, got '${value}'`;
  }
  const everyone = entries.find(trustsEveryone);
  if (everyone === undefined) return undefined;
  return `${everyone} trusts every address, so any client could choose its own address (and quotas) with X-Forwarded-For: list only your proxies' addresses or CIDRs, or give a hop count`;
}

function isAddressOrCidr(entry: string): boolean {
  if (ipaddr.isValid(entry) || PROXY_RANGE_NAMES.includes(entry)) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/** The first and last IPv4 addresses, plain and IPv4-mapped (a dual-stack socket sees IPv4 clients mapped). */
const IPV4_ENDS = ['0.0.0.0', '255.255.255.255'].map((address) => ipaddr.parse(address));
const MAPPED_IPV4_ENDS = ['::ffff:0.0.0.0', '::ffff:255.255.255.255'].map((address) => ipaddr.parse(address));
const IPV6_ENDS = ['::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'].map((address) => ipaddr.parse(address));

/** Whether a CIDR holds every IPv4 client or every IPv6 client (`0.0.0.0/0`, `::/0`, `::ffff:0:0/96`). */
function trustsEveryone(entry: string): boolean {
  if (!entry.includes('/')) return false;
  const [range, bits] = ipaddr.parseCIDR(entry);
  const holdsAll = (ends: ipaddr.IPv4[] | ipaddr.IPv6[]) =>
    ends.every((end) => end.kind() === range.kind() && end.match(range, bits));
  return (
    holdsAll(IPV4_ENDS as ipaddr.IPv4[]) ||
    holdsAll(MAPPED_IPV4_ENDS as ipaddr.IPv6[]) ||
    holdsAll(IPV6_ENDS as ipaddr.IPv6[])
  );
}
