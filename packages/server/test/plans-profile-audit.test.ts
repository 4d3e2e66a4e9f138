import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/command.js';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { post, startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await signedInUser(t, 'profile');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/payments/plans', () => {
  it('serves the one catalogue without sign-in, limits from the feature comparison table', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/plans' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const limits = body.plans.map((p: Record<string, unknown>) => [
      p.id,
      p.file_size_limit_mb,
      p.conversions_per_day,
      p.api_calls_per_month,
      p.batch_size,
      p.retention_hours,
    ]);
    expect(limits).toEqual([
      ['free', 5, 10, 0, 0, 1],
      ['starter', 100, -1, 1000, 0, 24],
      ['professional', 1024, -1, 50000, 25, 168],
      ['business', 10240, -1, -1, 100, 720],
      ['enterprise', -1, -1, -1, -1, null],
    ]);
    expect(body.plans.find((p: { id: string }) => p.id === 'professional')).toMatchObject({
      popular: true,
      currency: 'INR',
      prices: { INR: 2499, USD: 29 },
      original_price: 2499,
      price: 1249.5,
      formats: ['csv', 'xlsx', 'tsv', 'json'],
    });
    expect(body.first_50_users).toEqual({
      active: true,
      slots_total: 50,
      slots_left: 50,
      discount_percent: 50,
      applies_to: 'first_month',
    });
    expect(body.credit_packs.map((p: { id: string; prices: { USD: number } }) => [p.id, p.prices.USD])).toEqual([
      ['small', 4.99],
      ['medium', 9.99],
      ['large', 17.99],
      ['enterprise', 29.99],
    ]);
    // No SALES_EMAIL here: Enterprise has nowhere to write to.
    expect(body.sales_email).toBeNull();
  });

  it('names where Enterprise enquiries go when SALES_EMAIL is set', async () => {
    const other = await startTestApp({ env: { SALES_EMAIL: 'sales@example.com' } });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/payments/plans' });
      expect(response.json().sales_email).toBe('sales@example.com');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/payments/user-subscription', () => {
  it('answers the spec fields for the account’s plan', async () => {
    const fresh = await signedInUser(t, 'sub');
    await uploadFile(t.app, fresh, { name: 'a.json', content: '[{"a":1}]' });
    const response = await call(t.app, fresh, 'GET', '/api/payments/user-subscription');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      plan: 'free',
      plan_name: 'Free',
      is_premium: false,
      conversions_used: 1,
      conversions_limit: 10,
      storage_limit: 1,
      file_size_limit_mb: 5,
      retention_hours: 1,
    });
    expect(response.json().storage_used).toBeGreaterThanOrEqual(0);
    await runAdminCommand(['grant', fresh.email, 'business'], t.auth, t.payments);
    const business = await call(t.app, fresh, 'GET', '/api/payments/user-subscription');
    expect(business.json()).toMatchObject({
      plan: 'business',
      is_premium: true,
      conversions_limit: -1,
      storage_limit: 1000,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/user-subscription' })).statusCode).toBe(401);
  });
});

describe('GET/PUT /api/profile/settings', () => {
  it('answers the spec defaults, saves a subset, and validates values', async () => {
    const fresh = await signedInUser(t, 'settings');
    const defaults = await call(t.app, fresh, 'GET', '/api/profile/settings');
    expect(defaults.json()).toEqual({
      email_notifications: true,
      conversion_notifications: true,
      storage_alerts: true,
      auto_delete_days: 30,
      default_format: 'csv',
      theme: 'light',
      delimiter: ',',
      array_strategy: 'index',
      include_bom: false,
      excel_safe: true,
    });
    const saved = await call(t.app, fresh, 'PUT', '/api/profile/settings', {
      payload: { theme: 'dark', auto_delete_days: 7 },
    });
    expect(saved.json()).toMatchObject({ theme: 'dark', auto_delete_days: 7, default_format: 'csv' });
    expect((await call(t.app, fresh, 'GET', '/api/profile/settings')).json()).toMatchObject({
      theme: 'dark',
      auto_delete_days: 7,
    });
    for (const bad of [
      { auto_delete_days: 14 },
      { default_format: 'pdf' },
      { theme: 'blue' },
      { email_notifications: 'yes' },
    ]) {
      const response = await call(t.app, fresh, 'PUT', '/api/profile/settings', { payload: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const delimiter = await call(t.app, fresh, 'PUT', '/api/profile/settings', { payload: { delimiter: '\n' } });
    expect(delimiter.statusCode).toBe(400);
  });
});

describe('GET/PUT /api/profile', () => {
  it('answers the account and changes the display name', async () => {
    const profile = await call(t.app, user, 'GET', '/api/profile');
    expect(profile.json()).toMatchObject({
      user_id: user.id,
      email: user.email,
      name: null,
      plan: 'free',
      is_premium: false,
    });
    const renamed = await call(t.app, user, 'PUT', '/api/profile', { payload: { name: '  Ada Lovelace ' } });
    expect(renamed.json().name).toBe('Ada Lovelace');
  });
});

describe('usage history and statistics', () => {
  it('records sign-ins, conversions, downloads and deletions, newest first and paged', async () => {
    const fresh = await signedInUser(t, 'history');
    t.clock.advance(1000);
    await post(t.app, '/api/auth/login', { email: fresh.email, password: 'wrong password' });
    t.clock.advance(1000);
    const ok = await uploadFile(t.app, fresh, { name: 'a.json', content: '[{"a":1},{"a":2}]' });
    t.clock.advance(1000);
    await uploadFile(t.app, fresh, { name: 'b.json', content: '[{"a":' });
    t.clock.advance(1000);
    await call(t.app, fresh, 'GET', `/api/files/download/${ok.json().file_id}`);
    t.clock.advance(1000);
    await call(t.app, fresh, 'DELETE', `/api/files/delete/${ok.json().file_id}`);
    const page = await call(t.app, fresh, 'GET', '/api/audit/logs?page=1&page_size=3');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ total: 6, page: 1, page_size: 3 });
    expect(body.logs.map((l: { action: string; status: string }) => `${l.action}:${l.status}`)).toEqual([
      'delete:success',
      'download:success',
      'json_to_csv:error',
    ]);
    expect(body.logs[2].details).toMatch(/^b\.json: /);
    const rest = (await call(t.app, fresh, 'GET', '/api/audit/logs?page=2&page_size=3')).json();
    expect(rest.logs.map((l: { action: string; status: string }) => `${l.action}:${l.status}`)).toEqual([
      'json_to_csv:success',
      'sign_in:error',
      'sign_in:success',
    ]);
    expect(rest.logs[0]).toMatchObject({ fileSize: expect.any(Number), duration: expect.any(Number) });

    const stats = (await call(t.app, fresh, 'GET', '/api/profile/stats')).json();
    expect(stats).toMatchObject({
      totalConversions: 2,
      thisMonth: 2,
      successfulConversions: 1,
      successRate: 50,
      storageUsed: 0,
      storageLimit: 1024,
      conversionCredits: 0,
    });
    expect(stats.recentActivity).toHaveLength(5);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit/logs' })).statusCode).toBe(401);
  });
});
