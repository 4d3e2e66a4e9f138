import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// A public address without Razorpay keys: buying must be off, never test mode by accident.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://unnest.example.com' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('PAYMENTS off', () => {
  it('says why in the start-up log and refuses every purchase with 503', async () => {
    expect(t.logs.some((line) => line.includes('Payments are off') && line.includes('PUBLIC_URL is not local'))).toBe(
      true,
    );
    const plans = (await t.app.inject({ method: 'GET', url: '/api/payments/plans' })).json();
    expect(plans.checkout).toEqual({ mode: 'off', key_id: null });
    const user = await signedInUser(t, 'off');
    for (const [url, payload] of [
      ['/api/payments/create-order', { plan_id: 'starter' }],
      ['/api/payments/pay-per-use', { package_id: 'small' }],
    ] as const) {
      const response = await call(t.app, user, 'POST', url, { payload });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'PAYMENTS_OFF',
        detail:
          'Payments are not configured on this server, so plans and credits cannot be bought here. The operator can assign a plan.',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/test-checkout/order_test_x' })).statusCode).toBe(
      404,
    );
  });
});

describe('PAYMENTS off on an open listener', () => {
  it('a server listening on every interface without keys sells nothing, even with a local PUBLIC_URL', async () => {
    const open = await startTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      expect(
        open.logs.some((line) => line.includes('Payments are off') && line.includes('is not a loopback listener')),
      ).toBe(true);
      const user = await signedInUser(open, 'open-listener');
      const response = await call(open.app, user, 'POST', '/api/payments/create-order', {
        payload: { plan_id: 'starter' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('PAYMENTS_OFF');
    } finally {
      await open.close();
    }
  }, 60_000);
});
