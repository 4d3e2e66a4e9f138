import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookAttempt } from '@unnest/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { WebhooksSection } from './webhooks-section';

const ACTIVE: Webhook = {
  id: 'w1',
  url: 'https://hooks.example.com/unnest',
  events: ['conversion.completed'],
  created_at: '2026-01-01T10:00:00.000Z',
  disabled_at: null,
  disabled_reason: null,
  previous_secret_expires_at: null,
};
const DISABLED: Webhook = {
  ...ACTIVE,
  id: 'w2',
  url: 'https://down.example.com/hook',
  disabled_at: '2026-01-03T10:00:00.000Z',
  disabled_reason: 'Deliveries of 3 events in a row failed on every one of their 7 tries (about 23 hours each).',
};
const ATTEMPTS: WebhookAttempt[] = [
  {
    message_id: 'msg_1',
    event_type: 'conversion.completed',
    attempt: 2,
    attempted_at: '2026-01-01T10:05:00.000Z',
    status_code: 200,
    duration_ms: 42,
    succeeded: true,
    error: null,
    response_excerpt: 'ok',
  },
  {
    message_id: 'msg_1',
    event_type: 'conversion.completed',
    attempt: 1,
    attempted_at: '2026-01-01T10:04:00.000Z',
    status_code: 500,
    duration_ms: 17,
    succeeded: false,
    error: 'The receiver answered 500',
    response_excerpt: null,
  },
];
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

type Handler = (method: string, path: string, body: unknown) => Response | undefined;
let handler: Handler;
let plan: string;
let webhooks: Webhook[];
let requests: { method: string; path: string; body: unknown }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function baseAnswer(method: string, path: string): Response {
  if (path === '/api/payments/user-subscription') return json(200, { plan });
  if (path === '/api/payments/plans') {
    return json(200, {
      plans: [
        { id: 'free', api_calls_per_month: 0 },
        { id: 'starter', api_calls_per_month: 1000 },
      ],
    });
  }
  if (method === 'GET' && path === '/api/webhooks') return json(200, { webhooks });
  return json(404, { code: 'NOT_FOUND', detail: 'Not found' });
}

beforeEach(() => {
  requests = [];
  plan = 'starter';
  webhooks = [ACTIVE];
  handler = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, body });
      return handler(method, path, body) ?? baseAnswer(method, path);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter>
          <WebhooksSection />
        </MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}

describe('WebhooksSection', () => {
  it('adds an endpoint with the chosen events and shows its secret once, with copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    handler = (method, path, body) => {
      if (method !== 'POST' || path !== '/api/webhooks') return undefined;
      webhooks = [...webhooks, { ...ACTIVE, id: 'w3', url: (body as { url: string }).url }];
      return json(201, { ...ACTIVE, id: 'w3', secret: SECRET });
    };
    renderSection();
    await screen.findByText(ACTIVE.url);
    await user.type(screen.getByLabelText(/Endpoint URL/), 'https://new.example.com/hook');
    await user.click(screen.getByLabelText('Conversion failed'));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://new.example.com/hook',
      events: ['conversion.completed', 'conversion.failed'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(dialog).findByText('Secret copied to the clipboard.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('https://new.example.com/hook')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('shows why the server refused a URL', async () => {
    const user = userEvent.setup();
    const detail = 'Webhooks cannot be sent to this address: 10.0.0.1 is a private address.';
    handler = (method, path) =>
      method === 'POST' && path === '/api/webhooks' ? json(400, { code: 'WEBHOOK_URL_REFUSED', detail }) : undefined;
    renderSection();
    await user.type(await screen.findByLabelText(/Endpoint URL/), 'https://10.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(detail)).toBeTruthy();
  });

  it('asks for at least one event', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByLabelText('Conversion completed'));
    expect(screen.getByText('Choose at least one event.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toHaveProperty('disabled', true);
  });

  it('shows the upgrade text instead of the form on a plan without API access', async () => {
    plan = 'free';
    webhooks = [];
    renderSection();
    expect(
      await screen.findByText(
        'Webhooks come with API access, which your plan does not include. Upgrade to Starter or above to add webhooks.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('shows a disabled endpoint with its reason, and re-enables it', async () => {
    const user = userEvent.setup();
    webhooks = [DISABLED];
    handler = (method, path) => {
      if (method !== 'POST' || path !== '/api/webhooks/w2/enable') return undefined;
      webhooks = [{ ...DISABLED, disabled_at: null, disabled_reason: null }];
      return json(200, webhooks[0]);
    };
    renderSection();
    expect(await screen.findByText('Disabled')).toBeTruthy();
    expect(screen.getByText(/failed on every one of their 7 tries/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send test' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-enable' }));
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/webhooks/w2/enable')).toBe(true);
  });

  it('sends a test and lists the deliveries with status code, try, duration and error', async () => {
    const user = userEvent.setup();
    handler = (method, path) => {
      if (method === 'POST' && path === '/api/webhooks/w1/test') return json(202, { message_id: 'msg_1' });
      if (path === '/api/webhooks/w1/deliveries') return json(200, { attempts: ATTEMPTS });
      return undefined;
    };
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test message queued. Its delivery shows in the list below.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Webhook deliveries' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('Delivered (200)');
    expect(rows[1]?.textContent).toContain('42 ms');
    expect(rows[2]?.textContent).toContain('Failed (500)');
    expect(rows[2]?.textContent).toContain('The receiver answered 500');
  });

  it('rotates the secret after asking, and shows the new one', async () => {
    const user = userEvent.setup();
    handler = (method, path) =>
      method === 'POST' && path === '/api/webhooks/w1/rotate-secret'
        ? json(200, { id: 'w1', secret: SECRET })
        : undefined;
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    expect(within(dialog).getByText(/The previous secret also signs deliveries for the next 24 hours/)).toBeTruthy();
  });

  it('deletes an endpoint after asking, and no longer asks for its deliveries', async () => {
    const user = userEvent.setup();
    handler = (method, path) => {
      if (path === '/api/webhooks/w1/deliveries') {
        return webhooks.length > 0 ? json(200, { attempts: ATTEMPTS }) : json(404, { code: 'WEBHOOK_NOT_FOUND' });
      }
      if (method !== 'DELETE' || path !== '/api/webhooks/w1') return undefined;
      webhooks = [];
      return json(200, { success: true, message: 'Webhook deleted' });
    };
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Show deliveries' }));
    await screen.findByRole('table', { name: 'Webhook deliveries' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await vi.waitFor(() => expect(screen.queryByText(ACTIVE.url)).toBeNull());
    await vi.waitFor(() => expect(requests.filter((r) => r.path === '/api/webhooks').length).toBe(2));
    const deleted = requests.findIndex((r) => r.method === 'DELETE');
    expect(requests.slice(deleted).filter((r) => r.path === '/api/webhooks/w1/deliveries')).toEqual([]);
  });
});
