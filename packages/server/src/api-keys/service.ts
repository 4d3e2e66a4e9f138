import {
  API_KEYS_PER_ACCOUNT,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type CredentialScope,
  type CredentialValidation,
  type UsageResponse,
} from '@unnest/contracts';
import type { AuthService } from '../auth/service.js';
import type { PlansService } from '../plans/service.js';
import type { Account } from '../platform/account.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import type { CallerClaims, VerifiedCaller } from '../platform/route-access.js';
import { hashApiKey, isApiKeyShaped, newApiKey } from './key-secrets.js';
import type { ApiCallMeter } from './metering.js';
import type { ApiKeyRow, ApiKeysRepository } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A key's last use is written at most this often (reads are exact to this much). */
export const LAST_USED_PRECISION_MS = 60_000;

function describeKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

function refused(detail: string): AppError {
  return new AppError('UNAUTHENTICATED', { detail });
}

/** API keys: created and revoked by their account, checked against the database on every call. */
export class ApiKeysService {
  constructor(
    private readonly deps: {
      repository: ApiKeysRepository;
      auth: AuthService;
      plans: PlansService;
      meter: ApiCallMeter;
      clock: Clock;
      /** The operators' group, which a key never carries whatever its account's groups. */
      adminGroup: string;
    },
  ) {}

  /** Creates a key; the answer holds the key itself, which is never shown again. */
  async create(userId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const name = body.name.trim();
    if (name === '') throw new AppError('VALIDATION_FAILED', { detail: 'Please give the key a name' });
    const now = this.deps.clock.now();
    const { key, prefix, hash } = newApiKey();
    // A whole second, as every credential's expiry is stated (GET /api/auth/validate).
    const expiresAt =
      body.expires_in_days === undefined
        ? null
        : new Date(Math.floor((now.getTime() + body.expires_in_days * DAY_MS) / 1000) * 1000);
    const row = await this.deps.repository.insertUnder(
      { userId, name, prefix, keyHash: hash, expiresAt, createdAt: now },
      API_KEYS_PER_ACCOUNT,
    );
    if (!row) {
      throw new AppError('BAD_REQUEST', {
        detail: `An account may hold ${API_KEYS_PER_ACCOUNT} API keys: revoke one you no longer use first.`,
      });
    }
    const { last_used_at: _never, ...listed } = describeKey(row);
    return { ...listed, key };
  }

  async list(userId: string): Promise<ApiKey[]> {
    return (await this.deps.repository.listActive(userId)).map(describeKey);
  }

  /** Revokes a key: from the next call on, on every process, it gets 401. */
  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.revoke(userId, id, this.deps.clock.now()))) {
      throw new AppError('NOT_FOUND', { detail: 'API key not found' });
    }
  }

  /**
   * The caller a key stands for, checked in the database on every call (no cache, so a revoked or
   * expired key fails at once everywhere): its account, without the admin group. Records the use at
   * most once a minute.
   */
  async authenticate(key: string): Promise<VerifiedCaller> {
    if (!isApiKeyShaped(key)) throw refused('This is not a valid API key');
    const row = await this.deps.repository.findByHash(hashApiKey(key));
    if (!row) throw refused('This is not a valid API key');
    const now = this.deps.clock.now();
    if (row.revokedAt) throw refused('This API key was revoked');
    if (row.expiresAt && row.expiresAt <= now) throw refused('This API key has expired');
    const user = await this.deps.auth.keyHolder(row.userId);
    const recordedSince = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    if (!row.lastUsedAt || row.lastUsedAt < recordedSince) {
      await this.deps.repository.touch(row.id, now, recordedSince);
    }
    const groups = user.groups.filter((group) => group !== this.deps.adminGroup);
    return {
      claims: {
        sub: user.user_id,
        email: user.email,
        groups,
        is_premium: user.is_premium,
        plan: user.plan,
        exp: row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : null,
        apiKey: { id: row.id, prefix: row.prefix, name: row.name },
      },
      user: { ...user, groups },
    };
  }

  /** GET /api/auth/validate: the credential the caller sent, which route access found valid. */
  validate(claims: CallerClaims): CredentialValidation {
    const scopes: CredentialScope[] = claims.apiKey ? ['api'] : ['api', 'account'];
    if (!claims.apiKey && claims.groups.includes(this.deps.adminGroup)) scopes.push('admin');
    return {
      valid: true,
      kind: claims.apiKey ? 'api_key' : 'access_token',
      user_id: claims.sub,
      email: claims.email,
      plan: claims.plan,
      scopes,
      expires_at: claims.exp === null ? null : new Date(claims.exp * 1000).toISOString(),
      key: claims.apiKey ?? null,
    };
  }

  /** GET /api/usage: this month's API calls beside the plan's other figures. */
  async usage(account: Account): Promise<UsageResponse> {
    const subscription = await this.deps.plans.subscription(account);
    return {
      plan: subscription.plan,
      api_calls: await this.deps.meter.usage(account.id, subscription.plan),
      conversions: { used: subscription.conversions_used, limit: subscription.conversions_limit },
      credits: subscription.credits,
      storage: { used_bytes: await account.storedBytes(), limit_gb: subscription.storage_limit },
    };
  }
}
