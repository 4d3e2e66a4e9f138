import { type Static, Type } from 'typebox';
import { withMessages } from './validation-messages.js';

/** Every API key starts with this, so that a leaked one is recognisable (and told apart from a token). */
export const API_KEY_PREFIX = 'unn_';
/** How many characters of a key (its start, `unn_` included) are kept visible to tell keys apart. */
export const API_KEY_VISIBLE_CHARS = 12;
/** The longest expiry a key may be given, in days. */
export const API_KEY_MAX_EXPIRY_DAYS = 3650;
/** Keys an account may hold at once (revoked ones do not count). */
export const API_KEYS_PER_ACCOUNT = 25;

/**
 * What a credential may call: `api` the conversion, files, batch and jobs endpoints (what a program
 * calls), `account` the account, its keys, settings and payments, `admin` the operators' area.
 */
export const CREDENTIAL_SCOPES = ['api', 'account', 'admin'] as const;
/** One scope. */
export type CredentialScope = (typeof CREDENTIAL_SCOPES)[number];

/** POST /api/keys */
export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      ...withMessages({
        required: 'Please give the key a name',
        maxLength: 'The name is too long (100 characters at most)',
      }),
    }),
    expires_in_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: API_KEY_MAX_EXPIRY_DAYS,
        description: 'days until the key stops working; without it the key works until revoked',
        ...withMessages({
          minimum: 'The expiry must be between 1 and 3650 days',
          maximum: 'The expiry must be between 1 and 3650 days',
          type: 'The expiry must be a whole number of days',
        }),
      }),
    ),
  },
  withMessages({ required: 'Please give the key a name' }),
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

const timestamp = Type.String({ format: 'date-time' });
const noExpiry = Type.Union([timestamp, Type.Null()], { description: 'null: works until revoked' });

/** A key as listed: never the key itself, only its visible prefix. */
export const ApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
  name: Type.String(),
  created_at: timestamp,
  last_used_at: Type.Union([timestamp, Type.Null()], { description: 'to the minute; null: never used' }),
  expires_at: noExpiry,
});
export type ApiKey = Static<typeof ApiKey>;

/** 201 of POST /api/keys: the key itself, shown this once (only its hash is stored). */
export const CreatedApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  key: Type.String({ description: 'unn_ followed by 43 random characters; shown only in this answer' }),
  prefix: Type.String(),
  name: Type.String(),
  created_at: timestamp,
  expires_at: noExpiry,
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

/** GET /api/keys: the account's keys that are not revoked (expired ones included), newest first. */
export const ApiKeysResponse = Type.Object({ keys: Type.Array(ApiKey) });
export type ApiKeysResponse = Static<typeof ApiKeysResponse>;

/** DELETE /api/keys/{id} */
export const ApiKeyParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type ApiKeyParams = Static<typeof ApiKeyParams>;

/** GET /api/auth/validate: the credential sent is valid (an invalid one gets 401). */
export const CredentialValidation = Type.Object({
  valid: Type.Literal(true),
  kind: Type.Union([Type.Literal('access_token'), Type.Literal('api_key')]),
  user_id: Type.String(),
  email: Type.String(),
  plan: Type.String(),
  scopes: Type.Array(Type.Enum([...CREDENTIAL_SCOPES])),
  expires_at: noExpiry,
  key: Type.Union([Type.Object({ id: Type.String(), prefix: Type.String(), name: Type.String() }), Type.Null()], {
    description: 'the API key used; null for an access token',
  }),
});
export type CredentialValidation = Static<typeof CredentialValidation>;

const unlimited = '-1 means unlimited';

/** The API calls of one calendar month (UTC). */
export const ApiCallsUsage = Type.Object({
  month: Type.String({ description: 'the calendar month counted, UTC, as YYYY-MM' }),
  used: Type.Integer({ description: 'calls the plan paid for this month' }),
  limit: Type.Integer({ description: unlimited }),
  remaining: Type.Integer({ description: unlimited }),
  credit_calls: Type.Integer({ description: 'calls past the limit that conversion credits paid for' }),
  reset_at: timestamp,
});
export type ApiCallsUsage = Static<typeof ApiCallsUsage>;

/** GET /api/usage: this month's API calls and the other figures the dashboard shows. */
export const UsageResponse = Type.Object({
  plan: Type.String(),
  api_calls: ApiCallsUsage,
  conversions: Type.Object({
    used: Type.Integer({ description: 'in the last 24 hours' }),
    limit: Type.Integer({ description: `per 24 hours, ${unlimited}` }),
  }),
  credits: Type.Integer({ description: 'conversion credits left; one pays for a call past the month’s limit' }),
  storage: Type.Object({
    used_bytes: Type.Integer(),
    limit_gb: Type.Number({ description: unlimited }),
  }),
});
export type UsageResponse = Static<typeof UsageResponse>;
