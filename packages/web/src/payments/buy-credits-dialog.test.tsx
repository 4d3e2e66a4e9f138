import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditPack } from '@unnest/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogControl } from '../lib/auth-dialog-control';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { endSession, startSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { BuyCreditsDialog } from './buy-credits-dialog';

const PACKS: CreditPack[] = [10, 25].map((conversions, index) => ({
  id: index === 0 ? 'small' : 'medium',
  name: index === 0 ? 'Small Pack' : 'Medium Pack',
  conversions,
  prices: { INR: 399 * (index + 1), USD: 4.99 },
  price_per_conversion: { INR: 39.9, USD: 0.5 },
  savings_percent: 17,
  popular: index === 1,
}));

type Handler = (path: string, body: unknown) => Response;
let handler: Handler;
let requests: { path: string; body: unknown }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ path, body });
      return handler(path, body);
    }),
  );
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
  delete window.Razorpay;
});

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderDialog(openAuthDialog = vi.fn()) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter initialEntries={['/pricing']}>
          <SessionProvider>
            <AuthDialogControl.Provider value={openAuthDialog}>
              <Routes>
                <Route
                  path="/pricing"
                  element={<BuyCreditsDialog open onClose={() => {}} packs={PACKS} currency="INR" mode="razorpay" />}
                />
                <Route path="/dashboard" element={<Where />} />
              </Routes>
            </AuthDialogControl.Provider>
          </SessionProvider>
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

/** A stand-in for Razorpay's checkout that answers with `outcome`. */
function fakeRazorpay(outcome: 'pay' | 'fail') {
  window.Razorpay = class {
    private failed: () => void = () => {};
    constructor(private readonly options: { order_id: string; handler: (result: object) => void }) {}
    on(_event: string, listener: () => void) {
      this.failed = listener;
    }
    open() {
      if (outcome === 'fail') this.failed();
      else
        this.options.handler({
          razorpay_order_id: this.options.order_id,
          razorpay_payment_id: 'pay_1',
          razorpay_signature: 'sig',
        });
    }
  } as unknown as typeof window.Razorpay;
}

const ORDER = {
  razorpay_key: 'rzp_test',
  amount: 39900,
  currency: 'INR',
  order_id: 'order_1',
  test_mode: false,
  checkout_url: null,
};

describe('the Buy Credits dialog', () => {
  it('defaults to the small pack, says credits never expire, and asks signed-out visitors to sign in', async () => {
    handler = () => json(401, {});
    renderDialog();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /Small Pack/ })).checked).toBe(true);
    expect(screen.getByText(/Credits never expire\./)).toBeTruthy();
    expect(screen.getByText('Sign in to buy credits: the purchase goes on once you are signed in.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In to Buy' }).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /^Buy \d+ Credits$/ })).toBeNull();
  });

  it('signed out, opens the sign-in on this page and buys the chosen pack once signed in', async () => {
    fakeRazorpay('pay');
    handler = (path) => (path === '/api/payments/pay-per-use' ? json(200, ORDER) : json(200, { success: true }));
    const openAuthDialog = vi.fn();
    renderDialog(openAuthDialog);
    await userEvent.click(await screen.findByRole('radio', { name: /Medium Pack/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In to Buy' }));
    // The sign-in leaves the visitor where they are, so this dialog carries on.
    expect(openAuthDialog).toHaveBeenCalledWith('signin', undefined, 'stay');
    expect(requests.filter((request) => request.path.startsWith('/api/payments/'))).toEqual([]);
    act(() => {
      startSession(unsignedAccessToken({ sub: 'u1' }));
    });
    await screen.findByText('at /dashboard?payment=success');
    const payments = requests.filter((request) => request.path.startsWith('/api/payments/'));
    expect(payments[0]).toEqual({ path: '/api/payments/pay-per-use', body: { package_id: 'medium', currency: 'INR' } });
  });

  it('buys the chosen pack by id only, verifies the checkout result, then goes to /dashboard?payment=success', async () => {
    startSession(unsignedAccessToken({ sub: 'u1' }));
    fakeRazorpay('pay');
    handler = (path) => (path === '/api/payments/pay-per-use' ? json(200, ORDER) : json(200, { success: true }));
    renderDialog();
    await userEvent.click(await screen.findByRole('radio', { name: /Medium Pack/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy 25 Credits' }));
    await screen.findByText('at /dashboard?payment=success');
    // The payment calls, in order (the signed-in account's settings are read too, for its theme).
    const payments = requests.filter((request) => request.path.startsWith('/api/payments/'));
    expect(payments[0]).toEqual({ path: '/api/payments/pay-per-use', body: { package_id: 'medium', currency: 'INR' } });
    expect(payments[1]).toEqual({
      path: '/api/payments/complete-payment',
      body: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' },
    });
  });

  it('shows the spec texts when the order, the checkout or the verification fails', async () => {
    startSession(unsignedAccessToken({ sub: 'u1' }));
    handler = () => json(502, { code: 'ORDER_FAILED', detail: 'Failed to create payment order' });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 10 Credits' }));
    await screen.findByText('Failed to create payment order');

    fakeRazorpay('fail');
    handler = () => json(200, ORDER);
    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 Credits' }));
    await screen.findByText('Payment failed.');

    fakeRazorpay('pay');
    handler = (path) =>
      path === '/api/payments/pay-per-use'
        ? json(200, ORDER)
        : json(400, { code: 'PAYMENT_VERIFICATION_FAILED', detail: 'Payment verification failed' });
    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 Credits' }));
    await screen.findByText('Payment verification failed');
  });
});
