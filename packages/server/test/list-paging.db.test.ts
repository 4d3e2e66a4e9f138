import { MAX_PAGE, pagingFields } from '@unnest/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestUser } from './support/api-client.js';
import { createConfirmedUser, post, startTestApp, type TestApp, uniqueEmail } from './support/test-app.js';

// Every list route, found from the OpenAPI document, takes odd paging parameters without a 5xx; the
// paged ones check page and page_size by the one shared schema and answer 400 with a clear detail.

interface Operation {
  parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>;
  responses: Record<string, { content?: Record<string, { schema?: { type?: string; properties?: object } }> }>;
}
interface ListRoute {
  path: string;
  /** With page and page_size. */
  paged: boolean;
  pageSchemas: Record<string, Record<string, unknown>>;
}

const adminEmail = uniqueEmail('paging-admin');
let t: TestApp;
let admin: TestUser;
let routes: ListRoute[];
// Values for path parameters, so that routes like /api/webhooks/{id}/deliveries list something real.
const pathValues: Record<string, string> = {};

/**
 * GET routes whose answer is a list, from the OpenAPI document: an array, or an object whose first
 * member is the array of items (as every list here answers: files, logs, jobs, keys, webhooks...).
 */
function listRoutes(document: { paths: Record<string, Record<string, Operation>> }): ListRoute[] {
  const found: ListRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const get = operations.get;
    const schema = get?.responses['200']?.content?.['application/json']?.schema;
    if (!get || !schema) continue;
    const [first] = Object.values(schema.properties ?? {}) as Array<{ type?: string }>;
    const holdsList = schema.type === 'array' || first?.type === 'array';
    if (!holdsList) continue;
    const query = (get.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const pageSchemas = Object.fromEntries(
      query.filter((p) => p.name === 'page' || p.name === 'page_size').map((p) => [p.name, p.schema]),
    );
    found.push({ path, paged: 'page' in pageSchemas, pageSchemas });
  }
  return found;
}

function urlOf(route: ListRoute, query: string): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathValues[`${route.path}:${name}`];
    if (value === undefined) throw new Error(`no value for ${name} of ${route.path}: add one in beforeAll`);
    return value;
  });
  return query ? `${path}?${query}` : path;
}

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: adminEmail } });
  await createConfirmedUser(t, adminEmail);
  await t.auth.setPlan(adminEmail, 'professional');
  const login = await post(t.app, '/api/auth/login', { email: adminEmail, password: 'correct horse' });
  admin = {
    id: login.json().user.user_id,
    email: adminEmail,
    auth: { authorization: `Bearer ${login.json().tokens.access_token}` },
  };
  const hook = await call(t.app, admin, 'POST', '/api/webhooks', {
    payload: { url: 'https://93.184.215.14/hook', events: ['conversion.completed'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  pathValues['/api/webhooks/{id}/deliveries:id'] = hook.json().id;
  routes = listRoutes((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
}, 60_000);
afterAll(() => t?.close());

const PAGE_RULE = 'page must be a whole number from 1 to 1,000,000';
const PAGE_SIZE_RULE = 'page_size must be a whole number from 1 to 100';

describe('the list routes', () => {
  it('are found, and every paged one takes page and page_size by the shared schema', () => {
    const paths = routes.map((route) => route.path);
    for (const expected of ['/api/files', '/api/keys', '/api/payments/history', '/api/webhooks/{id}/deliveries']) {
      expect(paths).toContain(expected);
    }
    const paged = routes.filter((route) => route.paged);
    expect(paged.map((route) => route.path).sort()).toEqual([
      '/api/admin/jobs',
      '/api/admin/logs',
      '/api/admin/users',
      '/api/audit/logs',
      '/api/audit/user-activity',
      '/api/batch/jobs',
      '/api/jobs/list',
      '/api/notifications',
    ]);
    // As plain JSON, the way the document holds it (TypeBox marks its schemas with symbols).
    const shared = JSON.parse(JSON.stringify(pagingFields()));
    for (const route of paged) {
      // Defaults differ per list (batch history pages 10 by default); the bounds and texts do not.
      expect(route.pageSchemas.page, route.path).toMatchObject({ ...shared.page, default: 1 });
      const { default: _default, ...bounds } = shared.page_size;
      expect(route.pageSchemas.page_size, route.path).toMatchObject(bounds);
    }
  });

  it('refuse out-of-range paging with a 400 that says the range', async () => {
    const cases: Array<[string, string]> = [
      ['page=99999999999999999999', PAGE_RULE],
      [`page=${MAX_PAGE + 1}`, PAGE_RULE],
      ['page=0', PAGE_RULE],
      ['page=-1', PAGE_RULE],
      ['page=1.5', PAGE_RULE],
      ['page=abc', PAGE_RULE],
      ['page=Infinity', PAGE_RULE],
      ['page=1e400', PAGE_RULE],
      ['page=', PAGE_RULE],
      ['page=1&page=2', PAGE_RULE],
      ['page_size=0', PAGE_SIZE_RULE],
      ['page_size=101', PAGE_SIZE_RULE],
      ['page_size=99999999999999999999', PAGE_SIZE_RULE],
      ['page_size=Infinity', PAGE_SIZE_RULE],
    ];
    for (const route of routes.filter((candidate) => candidate.paged)) {
      for (const [query, detail] of cases) {
        const response = await call(t.app, admin, 'GET', urlOf(route, query));
        expect(response.statusCode, `${route.path}?${query}`).toBe(400);
        expect(response.json(), `${route.path}?${query}`).toEqual({ code: 'VALIDATION_FAILED', detail });
      }
      const last = await call(t.app, admin, 'GET', urlOf(route, `page=${MAX_PAGE}&page_size=100`));
      expect(last.statusCode, `${route.path} last page`).toBe(200);
    }
  });

  it('never answer 5xx to odd paging parameters', async () => {
    const name = fc.constantFrom('page', 'page_size', 'limit', 'offset', 'sort', 'order');
    const value = fc.oneof(
      fc.constantFrom('99999999999999999999', '1e400', '9007199254740993', '1e21', 'Infinity', 'NaN', '-0', '0x10'),
      fc.integer().map(String),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.double().map(String),
      fc.string(),
      fc.constant(''),
    );
    // Names may repeat (page=1&page=2), and a name may come without a value.
    const query = fc
      .array(fc.tuple(name, fc.option(value, { nil: undefined })), { minLength: 1, maxLength: 4 })
      .map((pairs) =>
        pairs.map(([key, raw]) => (raw === undefined ? key : `${key}=${encodeURIComponent(raw)}`)).join('&'),
      );
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(query, async (text) => {
          const response = await call(t.app, admin, 'GET', urlOf(route, text));
          expect(response.statusCode, `${route.path}?${text}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode === 400) expect(response.json().detail, text).toEqual(expect.any(String));
        }),
        { numRuns: 40 },
      );
    }
  }, 240_000);
});
