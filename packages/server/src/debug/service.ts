import fs from 'node:fs';
import type { DebugInfo, DebugLogRecord, DebugLogs } from '@unnest/contracts';
import type { Config } from '../config.js';
import type { JobQueue } from '../platform/jobs.js';
import type { RecentErrors } from '../platform/recent-errors.js';

const REDACTED = '[redacted]';
// Signed tokens (JWTs) and the password part of any URL, whatever secret they carry.
const JWT_PATTERN = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"]*:)[^\s@/"]+@/gi;
// Log fields shown on their own, or of no use to an operator reading errors.
const OMITTED_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** The password of a URL setting (DATABASE_URL, SMTP_URL), if it has one. */
function urlPassword(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const password = decodeURIComponent(new URL(value).password);
    return password || undefined;
  } catch {
    return undefined;
  }
}

/** Every secret value of the configuration, for taking out of anything shown. */
export function configuredSecrets(config: Config, signingSecret: Uint8Array): string[] {
  const values = [
    config.jwtSecret,
    Buffer.from(signingSecret).toString('utf8'),
    Buffer.from(signingSecret).toString('base64'),
    Buffer.from(signingSecret).toString('hex'),
    urlPassword(config.databaseUrl),
    urlPassword(config.smtpUrl),
    config.payments.razorpay?.keySecret,
    config.payments.razorpay?.webhookSecret,
    config.s3?.secretAccessKey,
    config.llm?.apiKey,
  ];
  // Very short values would blank out ordinary words; no real secret is that short.
  return [...new Set(values.filter((value): value is string => value !== undefined && value.length >= 6))];
}

/** What runs, for admins: never a configuration value that is a secret, a token or a password. */
export class DebugService {
  private readonly version: string;

  constructor(
    private readonly deps: {
      config: Config;
      databaseKind: 'pglite' | 'postgres';
      jobs: JobQueue;
      recentErrors: RecentErrors;
      secrets: readonly string[];
    },
  ) {
    const manifest = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    this.version = manifest.version;
  }

  async info(): Promise<DebugInfo> {
    const { config } = this.deps;
    const queues = await this.deps.jobs.depth();
    return {
      version: this.version,
      node_version: process.version,
      uptime_seconds: Math.round(process.uptime()),
      database: this.deps.databaseKind,
      storage: config.s3 ? 's3' : 'local',
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      payments: config.payments.mode,
      workers: config.workers,
      queue: {
        depth: queues.reduce((sum, queue) => sum + queue.waiting + queue.active, 0),
        failed: queues.reduce((sum, queue) => sum + queue.failed, 0),
        queues,
      },
      recent_errors: this.deps.recentErrors.size,
    };
  }

  /** The recent error records, newest first, with every secret taken out. */
  logs(): DebugLogs {
    return {
      records: this.deps.recentErrors.list().map((entry) => this.describe(entry.time, entry.level, entry.line)),
    };
  }

  private describe(time: Date, level: string, line: string): DebugLogRecord {
    const redacted = this.redact(line);
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(redacted) as Record<string, unknown>;
    } catch {
      // A secret that spanned JSON syntax broke the line: show it as text, still redacted.
      return { time: time.toISOString(), level, message: '', details: redacted };
    }
    const details = Object.fromEntries(Object.entries(record).filter(([key]) => !OMITTED_FIELDS.has(key)));
    return {
      time: time.toISOString(),
      level,
      message: typeof record.msg === 'string' ? record.msg : '',
      details: JSON.stringify(details),
    };
  }

  /** Takes every configured secret (raw or as escaped in JSON), token and URL password out of a line. */
  private redact(line: string): string {
    let text = line.replace(JWT_PATTERN, REDACTED).replace(URL_PASSWORD, `$1${REDACTED}@`);
    for (const secret of this.deps.secrets) {
      text = text.replaceAll(secret, REDACTED).replaceAll(JSON.stringify(secret).slice(1, -1), REDACTED);
    }
    return text;
  }
}
