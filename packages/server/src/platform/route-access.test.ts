import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';
import { AppError } from './errors.js';
import {
  type CallerClaims,
  installRouteAccess,
  securityFor,
  type VerifiedCaller,
  withRouteAccess,
} from './route-access.js';

function claimsFor(token: string): CallerClaims {
  return {
    sub: `user-${token}`,
    email: `${token}@example.com`,
    groups: token === 'operator' ? ['admin'] : [],
    is_premium: false,
    plan: 'free',
    exp: 1,
  };
}

/** The caller with its account's row, as an authenticator reads them. */
function verified(claims: CallerClaims): VerifiedCaller {
  const user = { user_id: claims.sub, email: claims.email, username: claims.email, groups: claims.groups };
  return { claims, user: { ...user, is_premium: claims.is_premium, plan: claims.plan, created_at: '2026-01-01' } };
}

/** Accounts built for requests, by account id. */
let accountsBuilt: string[] = [];

const bearer = (request: FastifyRequest) => /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
const keyOf = (request: FastifyRequest) => request.headers['x-api-key'] as string | undefined;
const ticketOf = (request: FastifyRequest) => (request.query as { ticket?: string }).ticket;

/** Calls the meter saw: which key, counted or only looked at. */
let metered: string[] = [];

/**
 * An app whose bearer tokens are the names 'member' and 'operator' (in the admin group), and whose
 * only valid API key (X-API-Key) is 'key-of-member'; its meter refuses a key call once 2 were counted. A
 * download ticket (`?ticket=`) is valid as `ticket-for-<path>`.
 */
function appWithAccess(): FastifyInstance {
  const app = Fastify();
  installErrorHandler(app);
  metered = [];
  accountsBuilt = [];
  installRouteAccess(app, {
    authenticators: {
      bearerAuth: {
        present: (request) => bearer(request) !== undefined,
        authenticate: async (request) => {
          const token = bearer(request);
          if (token !== 'member' && token !== 'operator') throw new AppError('UNAUTHENTICATED');
          return verified(claimsFor(token));
        },
      },
      apiKey: {
        present: (request) => keyOf(request) !== undefined,
        authenticate: async (request) => {
          if (keyOf(request) !== 'key-of-member') throw new AppError('UNAUTHENTICATED', { detail: 'revoked' });
          return verified({ ...claimsFor('member'), exp: null, apiKey: { id: 'k1', prefix: 'unn_k1', name: 'ci' } });
        },
      },

      downloadTicket: {
        present: (request) => ticketOf(request) !== undefined,
        authenticate: async (request) => {
          if (ticketOf(request) !== `ticket-for-${request.url.split('?')[0]}`) throw new AppError('UNAUTHENTICATED');
          return verified(claimsFor('member'));
        },
      },
    },
    adminGroup: 'admin',
    accountOf: (user) => {
      accountsBuilt.push(user.user_id);
      // Only the id matters here; the app's accounts are built by the plans feature.
      return { id: user.user_id } as FastifyRequest['account'];
    },
    meterKeyCall: async (_request, reply, claims, counted) => {
      if (counted && metered.filter((call) => call.endsWith('counted')).length >= 2) {
        throw new AppError('API_LIMIT_REACHED');
      }
      metered.push(`${claims.apiKey?.id} ${counted ? 'counted' : 'looked at'}`);
      reply.header('ratelimit-limit', '2');
      return async () => {
        metered.push('given back');
      };
    },
  });
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function answer(url: string, token?: string, key?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['x-api-key'] = key;
  const response = await app!.inject({ url, headers });
  return { status: response.statusCode, body: response.json() };
}

describe('route access', () => {
  it('lets anyone call a public route, a signed-in caller a user route, and only the admin group an admin route', async () => {
    app = appWithAccess();
    app.get('/open', { config: { access: 'public' } }, async () => ({ open: true }));
    app.get('/mine', { config: { access: 'user' } }, async (request) => ({ sub: request.claims.sub }));
    app.get('/ops', { config: { access: 'admin' } }, async (request) => ({ sub: request.claims.sub }));

    expect(await answer('/open')).toEqual({ status: 200, body: { open: true } });
    expect(await answer('/mine')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await answer('/mine', 'member')).toEqual({ status: 200, body: { sub: 'user-member' } });
    expect(await answer('/ops')).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await answer('/ops', 'member')).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await answer('/ops', 'operator')).toEqual({ status: 200, body: { sub: 'user-operator' } });
  });

  it('puts the caller’s account on the request once, built from the row its authenticator read', async () => {
    app = appWithAccess();
    app.get('/mine', { config: { access: 'user' } }, async (request) => {
      const first = request.account;
      return { same: request.account === first, id: first.id };
    });
    app.get('/open', { config: { access: 'public' } }, async (request) => {
      expect(() => request.account).toThrow(/checks no access/);
      return {};
    });

    expect(await answer('/mine', 'member')).toEqual({ status: 200, body: { same: true, id: 'user-member' } });
    expect(await answer('/open')).toMatchObject({ status: 200 });
    expect(accountsBuilt).toEqual(['user-member']);
  });

  it('takes a key only on user-or-key routes, meters its calls, and gives back one that failed on the server', async () => {
    app = appWithAccess();
    app.get('/mine', { config: { access: 'user' } }, async (request) => ({ sub: request.claims.sub }));
    app.get('/ops', { config: { access: 'admin' } }, async () => ({}));
    app.get('/api/convert/x', { config: { access: 'user-or-key' } }, async (request) => ({
      key: request.claims.apiKey ?? null,
    }));
    app.get('/api/convert/look', { config: { access: 'user-or-key', metered: false } }, async () => ({}));
    // Keys work only on the conversion, files, batch and jobs paths: any other route declaring them is refused.
    expect(() => app!.get('/api/audit/user-activity', { config: { access: 'user-or-key' } }, async () => ({}))).toThrow(
      /GET \/api\/audit\/user-activity takes API keys, which work only on/,
    );
    app.get('/api/convert/broken', { config: { access: 'user-or-key' } }, async () => {
      throw new Error('a bug');
    });

    expect(await answer('/api/convert/x', 'member')).toEqual({ status: 200, body: { key: null } });
    expect(metered).toEqual([]);
    const viaKey = await app.inject({ url: '/api/convert/x', headers: { 'x-api-key': 'key-of-member' } });
    expect(viaKey.json()).toEqual({ key: { id: 'k1', prefix: 'unn_k1', name: 'ci' } });
    expect(viaKey.headers['ratelimit-limit']).toBe('2');
    expect(await answer('/api/convert/x', undefined, 'stolen')).toMatchObject({
      status: 401,
      body: { detail: 'revoked' },
    });
    expect(await answer('/api/convert/look', undefined, 'key-of-member')).toMatchObject({ status: 200 });
    expect(await answer('/mine', undefined, 'key-of-member')).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_NOT_ALLOWED' },
    });
    expect(await answer('/ops', undefined, 'key-of-member')).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_NOT_ALLOWED' },
    });
    expect((await answer('/api/convert/broken', undefined, 'key-of-member')).status).toBe(500);
    expect(metered).toEqual(['k1 counted', 'k1 looked at', 'k1 counted', 'given back']);
    // The meter refuses the third counted call (it counts two; the given-back one stays in this fake).
    expect(await answer('/api/convert/x', undefined, 'key-of-member')).toMatchObject({
      status: 429,
      body: { code: 'API_LIMIT_REACHED' },
    });
  });

  it('takes a download ticket only on the GET routes that declare it, for their path', async () => {
    app = appWithAccess();
    app.get('/api/files/:id', { config: { access: 'user-or-key', downloadTicket: true } }, async (request) => ({
      sub: request.claims.sub,
    }));
    app.get('/api/files', { config: { access: 'user-or-key' } }, async () => ({}));
    expect(() => app!.post('/upload', { config: { access: 'user', downloadTicket: true } }, async () => ({}))).toThrow(
      /POST \/upload takes download tickets, which are for GET routes only/,
    );
    expect(await answer('/api/files/1?ticket=ticket-for-/api/files/1')).toEqual({
      status: 200,
      body: { sub: 'user-member' },
    });
    expect(await answer('/api/files/2?ticket=ticket-for-/api/files/1')).toMatchObject({ status: 401 });
    expect(await answer('/api/files/1', 'member')).toMatchObject({ status: 200 });
    // Elsewhere a ticket is no credential (not a key refused as such).
    expect(await answer('/api/files?ticket=ticket-for-/api/files')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });

  it('checks access before the body is read or validated', async () => {
    app = appWithAccess();
    app.post(
      '/mine',
      { config: { access: 'user' }, schema: { body: { type: 'object', required: ['name'] } } },
      async () => ({ ok: true }),
    );
    const response = await app.inject({ method: 'POST', url: '/mine', payload: { wrong: 1 } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses to start with a route that declares no access, or writes its security by hand', async () => {
    app = appWithAccess();
    expect(() => app!.get('/forgot', async () => ({}))).toThrow(/GET \/forgot declares no access/);
    expect(() =>
      app!.get('/both', { config: { access: 'public' }, schema: { security: [{ bearerAuth: [] }] } }, async () => ({})),
    ).toThrow(/GET \/both writes its OpenAPI security by hand/);
  });

  it('derives the OpenAPI security from the access', async () => {
    app = appWithAccess();
    const schemas: Record<string, unknown> = {};
    app.addHook('onRoute', (route) => {
      schemas[route.url] = route.schema?.security;
    });
    app.get('/open', { config: { access: 'public' }, schema: {} }, async () => ({}));
    app.get('/mine', { config: { access: 'user' }, schema: {} }, async () => ({}));
    app.get('/ops', { config: { access: 'admin' }, schema: {} }, async () => ({}));
    app.get('/api/convert/x', { config: { access: 'user-or-key' }, schema: {} }, async () => ({}));
    app.get(
      '/api/files/download',
      { config: { access: 'user-or-key', downloadTicket: true }, schema: {} },
      async () => ({}),
    );
    expect(schemas).toEqual({
      '/open': undefined,
      '/mine': [{ bearerAuth: [] }],
      '/ops': [{ bearerAuth: [] }],
      '/api/convert/x': [{ bearerAuth: [] }, { apiKey: [] }],
      '/api/files/download': [{ bearerAuth: [] }, { apiKey: [] }, { downloadTicket: [] }],
    });
    expect(securityFor('public')).toBeUndefined();
  });

  it('gives the routes of a scope that declare none the scope’s access, and reading claims there throws', async () => {
    app = appWithAccess();
    await app.register(
      withRouteAccess('public', async (scope) => {
        scope.get('/plugin-route', async (request) => {
          expect(() => request.claims).toThrow(/checks no access/);
          return { reached: true };
        });
        scope.get('/declared', { config: { access: 'user' } }, async () => ({ reached: true }));
      }),
    );
    expect(await answer('/plugin-route')).toEqual({ status: 200, body: { reached: true } });
    expect((await answer('/declared')).status).toBe(401);
  });
});
