import type { AccessTokenClaims } from '@unnest/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from './errors.js';

/**
 * Who may call a route, declared on every route as `config: { access }`:
 * - `public`: anyone;
 * - `user`: a caller with a valid bearer access token;
 * - `user-or-key`: the same, or a caller with an API key (the conversion, files, batch and jobs
 *   routes: what a program calls; never account or key management);
 * - `admin`: the same, whose token carries the admin group.
 * A new kind (an API key) is a new entry in ACCESS_RULES and, if it proves identity another way, in
 * SECURITY_SCHEMES and the authenticators.
 */
export type RouteAccess = 'public' | 'user' | 'user-or-key' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: the app refuses to start when a route declares none. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller's verified token. Set before the handler on every route that is not public; reading it on a public route throws. */
    readonly claims: AccessTokenClaims;
  }
  interface FastifyInstance {
    /** The access given to routes registered in this scope that declare none (third-party plugins). */
    scopeRouteAccess?: RouteAccess;
  }
}

/** How a caller proves who they are, by OpenAPI security scheme name (the document lists these). */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
} as const;
type SecurityScheme = keyof typeof SECURITY_SCHEMES;

interface AccessRule {
  /** The schemes a caller may prove identity with (any one suffices); none for anyone. */
  readonly schemes: readonly SecurityScheme[];
  /** Whether the token must carry the admin group. */
  readonly admin: boolean;
}

const ACCESS_RULES: Record<RouteAccess, AccessRule> = {
  public: { schemes: [], admin: false },
  user: { schemes: ['bearerAuth'], admin: false },
  'user-or-key': { schemes: ['bearerAuth'], admin: false },
  admin: { schemes: ['bearerAuth'], admin: true },
};

/** The OpenAPI `security` of a route with this access (undefined: none, the route is public). */
export function securityFor(access: RouteAccess): Array<Record<string, string[]>> | undefined {
  const { schemes } = ACCESS_RULES[access];
  return schemes.length === 0 ? undefined : schemes.map((scheme) => ({ [scheme]: [] }));
}

/** Reads the caller's identity from a request for one scheme; throws UNAUTHENTICATED when absent or invalid. */
export type Authenticator = (request: FastifyRequest) => Promise<AccessTokenClaims>;

export interface RouteAccessOptions {
  authenticators: Record<SecurityScheme, Authenticator>;
  /** The group an `admin` route requires. */
  adminGroup: string;
}

const ACCESS_KINDS = Object.keys(ACCESS_RULES);
const verifiedClaims = new WeakMap<FastifyRequest, AccessTokenClaims>();

function routeName(route: RouteOptions): string {
  return `${[route.method].flat().join(',')} ${route.url}`;
}

/**
 * Makes access declarations binding, on the root instance before any route or the API docs are
 * registered: every route must declare `config.access` (or be in a scope given one), its OpenAPI
 * `security` is derived from it (a hand-written one is refused), and routes that are not public get
 * one onRequest hook that authenticates, checks the group and puts the claims on `request.claims`.
 */
export function installRouteAccess(app: FastifyInstance, options: RouteAccessOptions): void {
  app.decorateRequest('claims', {
    getter(this: FastifyRequest): AccessTokenClaims {
      const claims = verifiedClaims.get(this);
      if (!claims) throw new Error(`request.claims read on ${this.method} ${this.url}, a route that checks no access`);
      return claims;
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
    route.config = { ...route.config, access };
    const security = securityFor(access);
    if (security) route.schema = { ...route.schema, security };
    const rule = ACCESS_RULES[access];
    if (rule.schemes.length === 0) return;
    const check = accessCheck(rule, options);
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}

function accessCheck(rule: AccessRule, options: RouteAccessOptions): onRequestHookHandler {
  const authenticators = rule.schemes.map((scheme) => options.authenticators[scheme]);
  return async function checkAccess(request) {
    const claims = await authenticateWithAny(request, authenticators);
    if (rule.admin && !claims.groups.includes(options.adminGroup)) throw new AppError('FORBIDDEN');
    verifiedClaims.set(request, claims);
  };
}

async function authenticateWithAny(request: FastifyRequest, authenticators: Authenticator[]) {
  let failure: unknown = new AppError('UNAUTHENTICATED');
  for (const authenticate of authenticators) {
    try {
      return await authenticate(request);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
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
