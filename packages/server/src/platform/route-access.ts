import type { CurrentUser } from '@unnest/contracts';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import { AppError } from './errors.js';

/**
 * Who may call a route, declared on every route as `config: { access }`:
 * - `public`: anyone;
 * - `user`: a caller with a valid bearer access token;
 * - `user-or-key`: the same, or a caller with an API key (the conversion, files, batch and jobs
 *   routes: what a program calls; never account or key management), whose call is metered;
 * - `admin`: a bearer token whose account carries the admin group.
 * A key sent to a route that does not take keys gets 403 API_KEY_NOT_ALLOWED.
 */
export type RouteAccess = 'public' | 'user' | 'user-or-key' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: the app refuses to start when a route declares none. */
    access?: RouteAccess;
    /**
     * On a `user-or-key` route: whether a call made with an API key counts against the plan's API
     * calls (default true). False only for routes that look at the key itself (validate, usage).
     */
    metered?: boolean;
    /**
     * A download (GET) route that also takes a download ticket (`?ticket=`, from POST /api/auth/download-ticket)
     * in place of the bearer token, so that a browser can follow it as a plain link.
     */
    downloadTicket?: boolean;
  }
  interface FastifyRequest {
    /** The verified caller. Set before the handler on every route that is not public; reading it on a public route throws. */
    readonly claims: CallerClaims;
  }
  interface FastifyInstance {
    /** The access given to routes registered in this scope that declare none (third-party plugins). */
    scopeRouteAccess?: RouteAccess;
  }
}

/** Who is calling: the account, and how it proved it (a bearer access token, or an API key). */
export interface CallerClaims {
  sub: string;
  email: string;
  /** The account's groups; a key never carries the admin group. */
  groups: string[];
  is_premium: boolean;
  plan: string;
  /** When the credential stops working (seconds since the epoch); null for a key without expiry. */
  exp: number | null;
  /** The API key the call was made with; absent for a bearer access token. */
  apiKey?: { id: string; prefix: string; name: string };
}

/** How a caller proves who they are, by OpenAPI security scheme name (the document lists these). */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      'An API key (unn_...) from Settings, API keys, sent as `X-API-Key: unn_...` or `Authorization: Bearer unn_...`. Works on the conversion, files, batch and jobs endpoints; every call counts against the plan’s API calls per month.',
  },
  downloadTicket: {
    type: 'apiKey',
    in: 'query',
    name: 'ticket',
    description:
      'A download ticket from POST /api/auth/download-ticket: for one download path, valid 60 seconds, ended with the session that asked for it. Lets a browser follow a download as a plain link.',
  },
} as const;
type SecurityScheme = keyof typeof SECURITY_SCHEMES;

interface AccessRule {
  /** The schemes a caller may prove identity with (any one suffices); none for anyone. */
  readonly schemes: readonly SecurityScheme[];
  /** Whether the caller must carry the admin group. */
  readonly admin: boolean;
}

const ACCESS_RULES: Record<RouteAccess, AccessRule> = {
  public: { schemes: [], admin: false },
  user: { schemes: ['bearerAuth'], admin: false },
  'user-or-key': { schemes: ['bearerAuth', 'apiKey'], admin: false },
  admin: { schemes: ['bearerAuth'], admin: true },
};

/** The rule of a route: its access's, with download tickets added where the route takes them. */
function ruleOf(access: RouteAccess, downloadTicket: boolean): AccessRule {
  const rule = ACCESS_RULES[access];
  if (!downloadTicket || rule.schemes.length === 0) return rule;
  return { ...rule, schemes: [...rule.schemes, 'downloadTicket'] };
}

/** The OpenAPI `security` of a route with this access (undefined: none, the route is public). */
export function securityFor(access: RouteAccess, downloadTicket = false): Array<Record<string, string[]>> | undefined {
  const { schemes } = ruleOf(access, downloadTicket);
  return schemes.length === 0 ? undefined : schemes.map((scheme) => ({ [scheme]: [] }));
}

/** A caller whose credential was checked: its claims, and its account as read while checking them. */
export interface VerifiedCaller {
  claims: CallerClaims;
  user: CurrentUser;
}

/** Reads the caller's identity from a request for one scheme. */
export interface Authenticator {
  /** Whether the request carries this scheme's credential at all. */
  present(request: FastifyRequest): boolean;
  /** The caller, when the credential is valid; throws UNAUTHENTICATED (with why) when it is not. */
  authenticate(request: FastifyRequest): Promise<VerifiedCaller>;
}

/**
 * Counts a call made with an API key before its handler runs, and sets its rate-limit headers; throws
 * to refuse it. With `counted` false it only sets the headers. Returns what gives the call back.
 */
export type KeyCallMeter = (
  request: FastifyRequest,
  reply: FastifyReply,
  claims: CallerClaims,
  counted: boolean,
) => Promise<(() => Promise<void>) | undefined>;

export interface RouteAccessOptions {
  authenticators: Record<SecurityScheme, Authenticator>;
  /** The group an `admin` route requires. */
  adminGroup: string;
  /** Meters the calls made with API keys (every `user-or-key` route). */
  meterKeyCall: KeyCallMeter;
  /**
   * The request's account, from the row its authenticator read (the app gives it: platform names no
   * feature, and the account's type is declared where it is built).
   */
  accountOf: (user: CurrentUser) => FastifyRequest['account'];
}

/**
 * DESIGN 7.13: the paths where a route may take API keys: the conversion, files, batch and jobs
 * endpoints, and the two that describe the key itself (its usage, and whether it is valid). Account,
 * history and key management are never reachable with a key, whatever a route declares.
 */
const KEY_PATHS = /^\/api\/(?:(?:convert|files|batch|jobs)(?:\/|$)|usage$|auth\/validate$)/;

/** Whether a route at `url` may be declared `user-or-key`. */
export function takesApiKeys(url: string): boolean {
  return KEY_PATHS.test(url);
}

const ACCESS_KINDS = Object.keys(ACCESS_RULES);
const verifiedClaims = new WeakMap<FastifyRequest, CallerClaims>();
const loadedAccounts = new WeakMap<FastifyRequest, FastifyRequest['account']>();
// What gives back a metered key call, should it fail through the server's fault.
const meteredCalls = new WeakMap<FastifyRequest, () => Promise<void>>();
// A call that failed with a server error (5xx) was no use to the caller: it does not count.
const SERVER_ERROR = 500;

function routeName(route: RouteOptions): string {
  return `${[route.method].flat().join(',')} ${route.url}`;
}

/**
 * Makes access declarations binding, on the root instance before any route or the API docs are
 * registered: every route must declare `config.access` (or be in a scope given one), its OpenAPI
 * `security` is derived from it (a hand-written one is refused), and routes that are not public get
 * one onRequest hook that authenticates, checks the group, meters key calls and puts the claims on
 * `request.claims` and the account on `request.account` (read once: services take it, never an id).
 */
export function installRouteAccess(app: FastifyInstance, options: RouteAccessOptions): void {
  app.decorateRequest('claims', {
    getter(this: FastifyRequest): CallerClaims {
      const claims = verifiedClaims.get(this);
      if (!claims) throw new Error(`request.claims read on ${this.method} ${this.url}, a route that checks no access`);
      return claims;
    },
  });
  app.decorateRequest('account', {
    getter(this: FastifyRequest): FastifyRequest['account'] {
      const account = loadedAccounts.get(this);
      if (!account)
        throw new Error(`request.account read on ${this.method} ${this.url}, a route that checks no access`);
      return account;
    },
  });

  app.addHook('onRoute', function declareAccess(this: FastifyInstance, route: RouteOptions) {
    const access = route.config?.access ?? this.scopeRouteAccess;
    if (access === undefined || !ACCESS_KINDS.includes(access)) {
      throw new Error(`${routeName(route)} declares no access: add config: { access: ${ACCESS_KINDS.join(' | ')} }`);
    }
    if (route.schema && 'security' in route.schema) {
      throw new Error(`${routeName(route)} writes its OpenAPI security by hand: it is derived from config.access`);
    }
    if (ruleOf(access, false).schemes.includes('apiKey') && !takesApiKeys(route.url)) {
      throw new Error(
        `${routeName(route)} takes API keys, which work only on the conversion, files, batch and jobs endpoints`,
      );
    }
    route.config = { ...route.config, access };
    const downloadTicket = route.config.downloadTicket === true;
    if (downloadTicket && [route.method].flat().some((method) => method !== 'GET' && method !== 'HEAD')) {
      throw new Error(`${routeName(route)} takes download tickets, which are for GET routes only`);
    }
    if (downloadTicket) route.schema = withTicketField(route.schema);
    const security = securityFor(access, downloadTicket);
    if (security) route.schema = { ...route.schema, security };
    const rule = ruleOf(access, downloadTicket);
    if (rule.schemes.length === 0) return;
    const check = accessCheck(rule, options, route.config.metered !== false);
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
    if (rule.schemes.includes('apiKey')) route.onResponse = [giveBackFailedCall, ...[route.onResponse ?? []].flat()];
  });
}

/** The route's query string schema naming `ticket`, so that a closed one (closed-request-schemas.ts) takes it. */
function withTicketField(schema: RouteOptions['schema']): RouteOptions['schema'] {
  const query = schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  if (query?.properties === undefined) return schema;
  return { ...schema, querystring: { ...query, properties: { ...query.properties, ticket: { type: 'string' } } } };
}

function accessCheck(rule: AccessRule, options: RouteAccessOptions, metered: boolean): onRequestHookHandler {
  const accepted = rule.schemes.map((scheme) => options.authenticators[scheme]);
  // A key where keys are not taken is told so; a ticket where tickets are not taken is no credential.
  const others = rule.schemes.includes('apiKey') ? [] : [options.authenticators.apiKey];
  return async function checkAccess(request, reply) {
    // The first credential the route accepts decides; one it does not accept is refused as such.
    const authenticator = accepted.find((candidate) => candidate.present(request));
    if (!authenticator) {
      if (others.some((other) => other.present(request))) throw new AppError('API_KEY_NOT_ALLOWED');
      throw new AppError('UNAUTHENTICATED');
    }
    const { claims, user } = await authenticator.authenticate(request);
    if (rule.admin && !claims.groups.includes(options.adminGroup)) throw new AppError('FORBIDDEN');
    if (claims.apiKey) {
      const giveBack = await options.meterKeyCall(request, reply, claims, metered);
      if (giveBack) meteredCalls.set(request, giveBack);
    }
    verifiedClaims.set(request, claims);
    loadedAccounts.set(request, options.accountOf(user));
  };
}

async function giveBackFailedCall(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const giveBack = meteredCalls.get(request);
  if (giveBack && reply.statusCode >= SERVER_ERROR) await giveBack();
}

/**
 * Third-party plugins (the API docs page, static files) whose routes cannot declare access: `register`
 * adds them to a scope where every route that declares none has `access`.
 */
export function withRouteAccess(
  access: RouteAccess,
  register: (scope: FastifyInstance) => PromiseLike<unknown>,
): FastifyPluginAsync {
  return async function scoped(scope) {
    scope.decorate('scopeRouteAccess', access);
    await register(scope);
  };
}
