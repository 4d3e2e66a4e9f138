import type { AccessTokenClaims } from '@unnest/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';
import { AppError } from './errors.js';
import { installRouteAccess, securityFor, withRouteAccess } from './route-access.js';

function claimsFor(token: string): AccessTokenClaims {
  return {
    sub: `user-${token}`,
    email: `${token}@example.com`,
    groups: token === 'operator' ? ['admin'] : [],
    is_premium: false,
    plan: 'free',
    iat: 0,
    exp: 1,
  };
}

/** An app whose bearer tokens are the names 'member' and 'operator' (in the admin group). */
function appWithAccess(): FastifyInstance {
  const app = Fastify();
  installErrorHandler(app);
  installRouteAccess(app, {
    authenticators: {
      bearerAuth: async (request) => {
        const token = /^Bearer (member|operator)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!token) throw new AppError('UNAUTHENTICATED');
        return claimsFor(token);
      },
    },
    adminGroup: 'admin',
  });
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function answer(url: string, token?: string) {
  const response = await app!.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
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
    expect(schemas).toEqual({ '/open': undefined, '/mine': [{ bearerAuth: [] }], '/ops': [{ bearerAuth: [] }] });
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
