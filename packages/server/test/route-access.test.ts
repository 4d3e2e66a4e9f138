import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors.js';
import {
  type Authenticator,
  installRouteAccess,
  type RouteAccess,
  securityFor,
  takesApiKeys,
} from '../src/platform/route-access.js';
import { call, signedInUser } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** An authenticator that never finds a credential (the declaration check runs before any request). */
const NO_CALLER: Authenticator = {
  present: () => false,
  authenticate: async () => {
    throw new AppError('UNAUTHENTICATED');
  },
};

interface ListedRoute {
  methods: string[];
  url: string;
  access: RouteAccess | undefined;
  downloadTicket: boolean;
  hidden: boolean;
}

let t: TestApp;
let routes: ListedRoute[] = [];

beforeAll(async () => {
  // Read once the app is built: the access hook completes each route's options after this observer sees them.
  const registered: RouteOptions[] = [];
  t = await startTestApp({ onRoute: (route) => registered.push(route) });
  routes = registered.map((route) => ({
    methods: [route.method].flat(),
    url: route.url,
    access: route.config?.access,
    downloadTicket: route.config?.downloadTicket === true,
    hidden: route.schema?.hide === true,
  }));
}, 60_000);
afterAll(() => t.close());

/** The route's URL as the OpenAPI document writes it (`:fileId` -> `{fileId}`). */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

describe('access on every route of the built app', () => {
  it('lists the API and the routes that plugins add (the docs page)', () => {
    expect(routes.some((route) => route.url === '/api/convert/file')).toBe(true);
    expect(routes.some((route) => route.url === '/api/docs/json')).toBe(true);
  });

  it('every route declares its access', () => {
    const undeclared = routes.filter(
      (route) => !['public', 'user', 'user-or-key', 'admin'].includes(route.access ?? ''),
    );
    expect(undeclared.map((route) => `${route.methods.join(',')} ${route.url}`)).toEqual([]);
  });

  it('opens to anyone only the API routes meant for it', () => {
    const openApi = routes
      .filter((route) => route.access === 'public' && !route.hidden && !route.methods.includes('HEAD'))
      .map((route) => `${route.methods.join(',')} ${route.url}`)
      .sort();
    expect(openApi).toEqual([
      // The signed one-click unsubscribe link of notification e-mails; the signature is its proof.
      'GET /api/notifications/unsubscribe',
      'GET /api/payments/plans',
      // Test mode only (the default on a local address): the server's own checkout page.
      'GET /api/payments/test-checkout/:orderId',
      'GET /health',
      'POST /api/auth/confirm-signup',
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'POST /api/auth/refresh',
      'POST /api/auth/resend-confirmation',
      'POST /api/auth/reset-password',
      'POST /api/auth/signup',
      'POST /api/convert/simple',
      'POST /api/notifications/unsubscribe',
      'POST /api/payments/test-checkout/:orderId',
      // Razorpay calls it; the signature over the raw body is its proof.
      'POST /api/payments/webhook',
    ]);
  });

  it('the OpenAPI document states each route’s security exactly as its access declares', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const documented = routes.filter((route) => !route.hidden && !route.methods.includes('HEAD'));
    expect(documented.length).toBeGreaterThan(20);
    for (const route of documented) {
      for (const method of route.methods) {
        const operation = document.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url} is in the document`).toBeDefined();
        expect(operation?.security, `${method} ${route.url}`).toEqual(
          securityFor(route.access ?? 'public', route.downloadTicket),
        );
      }
    }
  });

  it('takes download tickets on the three download routes only', () => {
    const ticketRoutes = routes
      .filter((route) => route.downloadTicket && !route.methods.includes('HEAD'))
      .map((route) => `${route.methods.join(',')} ${route.url}`);
    expect(ticketRoutes.sort()).toEqual([
      'GET /api/batch/download/:id',
      'GET /api/batch/job/:id/file/:batchFileId/:name',
      'GET /api/files/download/:fileId',
    ]);
  });

  it('declares API keys on the conversion, files, batch and jobs routes only (and the key’s own usage and validity)', () => {
    const keyRoutes = routes
      .filter((route) => route.access === 'user-or-key')
      .map((route) => `${route.methods.join(',')} ${route.url}`);
    for (const route of keyRoutes) expect(route).toMatch(/ \/api\/(convert|files|batch|jobs|usage$|auth\/validate$)/);
    expect(keyRoutes).toEqual(
      expect.arrayContaining(['POST /api/convert/file', 'GET /api/files', 'POST /api/convert/compare-analysis']),
    );
    expect(keyRoutes).not.toContain('GET /api/audit/user-activity');
  });

  it('an API key is taken by every route declared for keys and refused by every other route that is not public', async () => {
    const owner = await signedInUser(t, 'route-keys');
    await t.auth.setPlan(owner.email, 'professional');
    const key = (await call(t.app, owner, 'POST', '/api/keys', { payload: { name: 'walk' } })).json().key as string;
    const checked = routes.filter((route) => route.access !== 'public' && !route.methods.includes('HEAD'));
    expect(checked.length).toBeGreaterThan(20);
    const outcomes: string[] = [];
    for (const route of checked) {
      const url = route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      for (const method of route.methods) {
        const response = await t.app.inject({ method: method as 'GET', url, headers: { 'x-api-key': key } });
        const code = response.json().code as string | undefined;
        const taken = response.statusCode !== 401 && code !== 'API_KEY_NOT_ALLOWED' && code !== 'FORBIDDEN';
        outcomes.push(`${method} ${route.url}: ${taken ? 'taken' : `refused ${response.statusCode} ${code}`}`);
      }
    }
    const expected = checked.flatMap((route) =>
      route.methods.map(
        (method) =>
          `${method} ${route.url}: ${takesApiKeys(route.url) && route.access === 'user-or-key' ? 'taken' : 'refused 403 API_KEY_NOT_ALLOWED'}`,
      ),
    );
    expect(outcomes).toEqual(expected);
    expect(outcomes).toContain('GET /api/audit/user-activity: refused 403 API_KEY_NOT_ALLOWED');
  });

  it('refuses a route outside those paths that declares API keys, so the app does not start', async () => {
    const app = Fastify();
    installRouteAccess(app, {
      authenticators: { bearerAuth: NO_CALLER, apiKey: NO_CALLER, downloadTicket: NO_CALLER },
      adminGroup: 'admin',
      meterKeyCall: async () => undefined,
      accountOf: () => {
        throw new Error('nobody is authenticated here');
      },
    });
    app.get('/api/files/list', { config: { access: 'user-or-key' } }, async () => ({}));
    expect(() => app.get('/api/audit/user-activity', { config: { access: 'user-or-key' } }, async () => ({}))).toThrow(
      'GET /api/audit/user-activity takes API keys, which work only on the conversion, files, batch and jobs endpoints',
    );
    await app.close();
  });

  it('every route that is not public answers 401 UNAUTHENTICATED without a token', async () => {
    const protectedRoutes = routes.filter((route) => route.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(10);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      for (const method of route.methods) {
        const response = await t.app.inject({ method: method as 'GET', url });
        // A HEAD answer has no body to carry the code.
        const code = method === 'HEAD' ? undefined : response.json().code;
        expect({ route: `${method} ${route.url}`, status: response.statusCode, code }).toEqual({
          route: `${method} ${route.url}`,
          status: 401,
          code: method === 'HEAD' ? undefined : 'UNAUTHENTICATED',
        });
      }
    }
  });
});
