import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// gen_random_uuid() is built into PostgreSQL 13+, so this runs on CI's 15 and PGlite's 18 alike.
const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Accounts. E-mails are stored lower-cased; the plan drives premium groups. Access tokens carry the
 * `session_epoch` they were issued under: raising it (sign-out everywhere, password reset) ends them.
 */
export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailConfirmedAt: at('email_confirmed_at'),
  plan: text('plan').notNull().default('free'),
  sessionEpoch: integer('session_epoch').notNull().default(0),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  /** The admin role given in the admin area (ADMIN_EMAILS accounts are admins whatever this says). */
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Set while an operator has disabled the account: it cannot sign in and its tokens stop working. */
  disabledAt: at('disabled_at'),
});

/** E-mailed one-time codes (confirmation, password reset), stored as keyed hashes. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('verification_codes_user_purpose_idx').on(table.userId, table.purpose)],
);

/** Refresh tokens, stored hashed; a family is one sign-in, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

/** Events counted in sliding windows (failed logins, code resends), shared by every process. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    occurredAt: at('occurred_at').notNull(),
  },
  (table) => [index('rate_events_lookup_idx').on(table.bucket, table.subject, table.occurredAt)],
);

/**
 * Stored conversions: the upload and its result, both in file storage under `originalKey` and
 * `resultKey`. The row is written first (`pending`), before any byte is stored, so no byte is ever
 * without a record; it becomes `converted`, or `failed` with `error` and its bytes deleted. A
 * pending row whose process died is swept (see FilesService.sweepInterrupted). `expiresAt` null
 * means kept until deleted.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalFilename: text('original_filename').notNull(),
    filename: text('filename').notNull(),
    inputFormat: text('input_format').notNull(),
    /** Null for an upload stored without converting. */
    outputFormat: text('output_format'),
    originalKey: text('original_key').notNull(),
    originalSize: bigint('original_size', { mode: 'number' }).notNull(),
    resultKey: text('result_key').notNull(),
    resultSize: bigint('result_size', { mode: 'number' }).notNull(),
    records: integer('records'),
    columns: integer('columns'),
    status: text('status').notNull().default('converted'),
    error: text('error'),
    retentionType: text('retention_type').notNull(),
    /** The options the conversion ran with (UsedOptions); null for an upload not converted. */
    options: jsonb('options'),
    expiresAt: at('expires_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('files_user_created_idx').on(table.userId, table.createdAt),
    index('files_expires_idx').on(table.expiresAt),
    index('files_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Usage history: one row per conversion, download, deletion and sign-in, and per admin action. An
 * account's own rows are deleted with it; rows of admin actions, by it or on it, stay.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    // No foreign key: the audit outlives the accounts it names (who made an admin stays known after
    // that admin is deleted), so both accounts are kept by id and by their e-mail at the time.
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    /** The account an admin action was done to; null for an account's own actions. */
    subjectUserId: uuid('subject_user_id'),
    subjectEmail: text('subject_email'),
    action: text('action').notNull(),
    status: text('status').notNull(),
    details: text('details').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('audit_logs_user_created_idx').on(table.userId, table.createdAt),
    index('audit_logs_subject_idx').on(table.subjectUserId),
  ],
);

/** Display name and settings; an account without a row has the default settings. */
export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  emailNotifications: boolean('email_notifications').notNull(),
  conversionNotifications: boolean('conversion_notifications').notNull(),
  storageAlerts: boolean('storage_alerts').notNull(),
  autoDeleteDays: integer('auto_delete_days').notNull(),
  defaultFormat: text('default_format').notNull(),
  theme: text('theme').notNull(),
  delimiter: text('delimiter').notNull(),
  arrayStrategy: text('array_strategy').notNull(),
  includeBom: boolean('include_bom').notNull(),
  excelSafe: boolean('excel_safe').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * A checkout started by an account: what it buys, at which price (from the catalogue, decided here
 * and never by the client), and where it stands. `providerOrderId` is Razorpay's order id, or a
 * local `order_test_...` id in test mode. `first50` marks an order priced with the first-50 discount;
 * whether the discount is honoured is decided when it is captured (`payments.first50`).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerOrderId: text('provider_order_id').unique(),
    kind: text('kind').notNull(),
    itemId: text('item_id').notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    regularAmount: integer('regular_amount').notNull(),
    first50: boolean('first50').notNull(),
    testMode: boolean('test_mode').notNull(),
    status: text('status').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('payment_orders_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Verified payments: one row per order at most (the unique order id is what makes every grant
 * happen once, whichever of the browser's verify and the webhooks comes first). A refund is
 * recorded on the same row.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerPaymentId: text('provider_payment_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Which path proved the payment: verify, complete-payment or a webhook event. */
    verifiedBy: text('verified_by').notNull(),
    creditsGranted: integer('credits_granted').notNull(),
    /** The plan time this payment bought (null for a credit pack), fixed at capture. */
    grantedFrom: at('granted_from'),
    grantedUntil: at('granted_until'),
    /** Whether the first-50 discount was honoured at capture (the account's one half-price month). */
    first50: boolean('first50').notNull().default(false),
    /** The last refund applied, and the running totals of every refund applied to this payment. */
    refundId: text('refund_id'),
    refundedAmount: integer('refunded_amount'),
    creditsTakenBack: integer('credits_taken_back'),
    secondsTakenBack: integer('seconds_taken_back'),
    refundedAt: at('refunded_at'),
    /** When the dashboard showed this payment's success banner (null: not shown yet). */
    acknowledgedAt: at('acknowledged_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('payments_order_idx').on(table.orderId),
    index('payments_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * Refunds Razorpay reported (signed webhooks), each once by its id. A refund may arrive before the
 * capture it refunds: it is kept here unapplied and applied right after that capture is granted.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amount: integer('amount').notNull(),
    receivedAt: at('received_at').notNull(),
    appliedAt: at('applied_at'),
  },
  (table) => [index('payment_refunds_payment_idx').on(table.providerPaymentId)],
);

/** Conversion credits an account holds; never negative, never expiring. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [check('credit_balances_not_negative', sql`${table.balance} >= 0`)],
);

/**
 * A bought plan's current period. The account's `users.plan` is what entitles it; this row says
 * until when, whether the user wants to renew, and which period's reminder went out. `periodStart`
 * is where the run of months of this plan began (months bought in a row follow on from it).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    renew: boolean('renew').notNull(),
    /** The period end a reminder was sent for (at most one reminder per period). */
    remindedFor: at('reminded_for'),
    endedAt: at('ended_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('subscriptions_period_end_idx').on(table.periodEnd)],
);

/**
 * API keys: only a SHA-256 hash of the key is stored (the key has 256 random bits, so no slow hash is
 * needed), with its first characters to tell keys apart. A revoked key keeps its row (revoked_at).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: at('expires_at'),
    /** Written at most once a minute per key, not on every call. */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.createdAt)],
);

/** API calls made with keys, per account and calendar month (UTC, `YYYY-MM`), counted atomically. */
export const apiCallCounts = pgTable(
  'api_call_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    /** Calls the plan paid for (never above the plan's limit). */
    calls: integer('calls').notNull(),
    /** Calls past the limit that a conversion credit paid for. */
    creditCalls: integer('credit_calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

/**
 * Credits an operator added by hand, with the reason. The request id the admin area sends with each
 * grant is unique, so a repeated request (a double click, a retry) adds the credits once.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: id(),
    requestId: text('request_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The operator who granted; kept (null) when that account is deleted. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('credit_grants_user_idx').on(table.userId, table.createdAt)],
);

/**
 * What the bell shows: one row per event that concerned the account. `eventKey` names the event
 * (e.g. `conversion.completed:<fileId>`) and is unique, so a retried job or a republished event
 * notifies once. `emailedAt` is set when its e-mail went out (null: not sent, or not to be sent).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // The bell's sentence and the time its `{date}` stands for; null on notifications from before them.
    summary: text('summary'),
    summaryDate: at('summary_date'),
    link: text('link'),
    readAt: at('read_at'),
    emailedAt: at('emailed_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

/**
 * The storage level (0, 80 or 90 percent of the plan) an account was last seen at, and how many
 * times it rose: each rise is a new crossing with its own notification key.
 */
export const storageAlertLevels = pgTable('storage_alert_levels', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: integer('level').notNull(),
  crossings: integer('crossings').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Files whose coming expiry was announced (`file.expiring`), so that each is announced once. */
export const fileExpiryNotices = pgTable('file_expiry_notices', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  announcedAt: at('announced_at').notNull(),
});

/**
 * Outgoing webhook endpoints. `secret` signs deliveries (Standard Webhooks, `whsec_...`); after a
 * rotation `previousSecret` signs too until `previousSecretExpiresAt`, so receivers can switch over.
 * `failedInARow` counts deliveries that used up every try since the last success; reaching the
 * limit sets `disabledAt`, and `disabledNoticeSentAt` makes the owner's e-mail go out once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    failedInARow: integer('failed_in_a_row').notNull().default(0),
    disabledAt: at('disabled_at'),
    disabledReason: text('disabled_reason'),
    disabledNoticeSentAt: at('disabled_notice_sent_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [index('webhook_endpoints_user_idx').on(table.userId, table.createdAt)],
);

/**
 * One event for one endpoint: the exact body signed and sent on every try, and where it stands
 * (`pending`, `delivered`, `failed`). Unique per (endpoint, event id), so an event republished or a
 * subscriber run twice queues one delivery. `nextAttemptAt` is when the retry sweep tries it again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_event_idx').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);

/** Each try of a delivery, as the deliveries list shows it; one row per (delivery, attempt number). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: at('attempted_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    succeeded: boolean('succeeded').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (table) => [
    uniqueIndex('webhook_attempts_try_idx').on(table.deliveryId, table.attempt),
    index('webhook_attempts_endpoint_idx').on(table.endpointId, table.attemptedAt),
  ],
);

/**
 * Batch jobs (spec 2.11): one row per job; its files are `batch_files`. `options` are the engine
 * settings every file of the job converts with. `completed_at` is set once, when the job reaches a
 * final state (completed, failed or cancelled), by the one update that moves it there.
 */
export const batchJobs = pgTable(
  'batch_jobs',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** `batch` (POST /api/convert/batch) or `conversion` (one file, POST /api/convert/file?async=1). */
    kind: text('kind').notNull().default('batch'),
    options: jsonb('options').notNull(),
    /** The plan's queue priority and tier when the job was made (DESIGN 7.11). */
    priority: integer('priority').notNull(),
    tier: text('tier').notNull(),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
    /**
     * How long the job and its files are kept once it has ended: the plan's retention within the user's
     * auto-delete setting when it was made (as for single files); null: until deleted.
     */
    keepSeconds: integer('keep_seconds'),
  },
  (table) => [
    index('batch_jobs_user_created_idx').on(table.userId, table.createdAt),
    index('batch_jobs_completed_idx').on(table.completedAt).where(sql`${table.keepSeconds} is not null`),
  ],
);

/**
 * One file of a batch job: its upload under `originalKey` (stored before the job is queued) and its
 * result under `resultKey`. `worker` names the process converting or having converted it;
 * `heartbeatAt` is refreshed while it converts, so that another process can tell a dead claim.
 */
export const batchFiles = pgTable(
  'batch_files',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => batchJobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileName: text('file_name').notNull(),
    resultName: text('result_name').notNull(),
    inputFormat: text('input_format').notNull(),
    outputFormat: text('output_format').notNull(),
    originalKey: text('original_key').notNull(),
    resultKey: text('result_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    resultSize: bigint('result_size', { mode: 'number' }),
    records: integer('records'),
    status: text('status').notNull(),
    error: text('error'),
    worker: text('worker'),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: at('heartbeat_at'),
    startedAt: at('started_at'),
    completedAt: at('completed_at'),
    quality: jsonb('quality'),
    qualityScore: doublePrecision('quality_score'),
    /** Once converted, as a synchronous conversion answers them: where the records were found (when not given)... */
    recordsPath: text('records_path'),
    /** ...what was left out of the document (ConversionLeftOut), the records that held a key twice
     * (ConversionDuplicateKeys), the strings whose lone surrogates became U+FFFD (ConversionLoneSurrogates)... */
    leftOut: jsonb('left_out'),
    duplicateKeys: jsonb('duplicate_keys'),
    loneSurrogates: jsonb('lone_surrogates'),
    /** ...and with plan=auto the proposal applied (AppliedPlan). */
    appliedPlan: jsonb('applied_plan'),
  },
  (table) => [
    uniqueIndex('batch_files_job_position_idx').on(table.jobId, table.position),
    index('batch_files_user_idx').on(table.userId),
    index('batch_files_processing_idx').on(table.heartbeatAt).where(sql`${table.status} = 'processing'`),
  ],
);
