import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { PaymentNotice } from '@unnest/contracts';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import { PaymentSuccessAlert } from './payment-success-alert';

let notice: PaymentNotice['notice'];
let requests: { path: string; body: unknown }[];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  requests = [];
  startSession(unsignedAccessToken({ sub: 'u1' }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      requests.push({ path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return json({ notice: path === '/api/payments/notice' ? notice : null });
    }),
  );
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PaymentSuccessAlert />
      <Where />
    </MemoryRouter>,
  );
}

const CREDITS: NonNullable<PaymentNotice['notice']> = {
  payment_id: 'p1',
  kind: 'credits',
  item_name: 'Small Pack (10 conversion credits)',
  plan: null,
  plan_name: null,
  granted_until: null,
  period_end: null,
  full_month: true,
  credits_added: 10,
  credits: 10,
  test_mode: true,
};

describe('the payment success banner', () => {
  it('believes the server, not the address: nothing recorded, nothing shown, and the parameter leaves', async () => {
    notice = null;
    renderAt('/dashboard?payment=success&kind=plan');
    await screen.findByText('at /dashboard');
    await waitFor(() => expect(requests.map((request) => request.path)).toEqual(['/api/payments/notice']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Payment successful/)).toBeNull();
  });

  it('shows the recorded payment once and acknowledges it', async () => {
    notice = CREDITS;
    renderAt('/dashboard?payment=success');
    await screen.findByText('Payment successful. Your balance is now 10 conversion credits.');
    await screen.findByText('at /dashboard');
    await waitFor(() =>
      expect(requests).toContainEqual({ path: '/api/payments/notice/acknowledge', body: { payment_id: 'p1' } }),
    );
  });

  it('says when a first-month price bought only part of a month', async () => {
    notice = {
      ...CREDITS,
      kind: 'plan',
      plan: 'professional',
      plan_name: 'Professional',
      period_end: '2030-01-15T00:00:00.000Z',
      granted_until: '2030-01-15T00:00:00.000Z',
      full_month: false,
    };
    renderAt('/dashboard');
    const text = await screen.findByText(/Payment successful\. You are on the Professional plan until/);
    expect(text.textContent).toMatch(/bought the part of a month its amount pays for/);
  });
});
