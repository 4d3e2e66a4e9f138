import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import {
  type BatchFile,
  type BatchJob,
  DEFAULT_SETTINGS,
  type Plan,
  type PlansResponse,
  type SubscriptionResponse,
} from '@unnest/contracts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { ThemeModeProvider } from '../lib/theme/theme-mode';

/** A plan of the catalogue with the given batch size (the rest as Professional has it). */
export function planWith(id: Plan['id'], name: string, batchSize: number): Plan {
  return {
    id,
    name,
    price: 2499,
    original_price: 2499,
    currency: 'INR',
    prices: { INR: 2499, USD: 29 },
    popular: false,
    file_size_limit_mb: 1024,
    conversions_per_day: -1,
    api_calls_per_month: 50_000,
    batch_size: batchSize,
    storage_gb: 100,
    retention_hours: 168,
    conversion_time_limit_seconds: 1800,
    formats: ['csv', 'tsv', 'xlsx', 'json'],
    speed: '10x',
    support: 'priority',
    features: [],
  };
}

/** The subscription of an account on a plan with this batch size. */
export function subscriptionWith(batchSize: number, plan: SubscriptionResponse['plan']): SubscriptionResponse {
  return {
    plan,
    plan_name: plan,
    is_premium: batchSize !== 0,
    conversions_used: 0,
    conversions_limit: -1,
    storage_used: 0,
    storage_limit: 100,
    file_size_limit_mb: batchSize === 0 ? 5 : 1024,
    retention_hours: 168,
    conversion_time_limit_seconds: 1800,
    formats: ['csv', 'tsv', 'xlsx', 'json'],
    batch_size: batchSize,
    credits: 0,
    period_end: null,
    renews: false,
    plan_choices: [],
  };
}

const PLANS: PlansResponse = {
  plans: [
    planWith('free', 'Free', 0),
    planWith('professional', 'Professional', 25),
    planWith('business', 'Business', 100),
    planWith('enterprise', 'Enterprise', -1),
  ],
  credit_packs: [],
  first_50_users: { active: false, slots_total: 50, slots_left: 0, discount_percent: 50, applies_to: 'first_month' },
  checkout: { mode: 'test', key_id: null },
  sales_email: null,
};

/** A converted (or failed) file of a job. */
export function batchFile(name: string, overrides: Partial<BatchFile> = {}): BatchFile {
  return {
    file_id: `id-${name}`,
    file_name: name,
    file_size: 2048,
    status: 'completed',
    progress: 100,
    quality_score: null,
    error: null,
    download_url: `/api/batch/job/job-1/file/id-${name}/${name.replace('.json', '.csv')}`,
    bytes_read: 2048,
    result_file_name: name.replace('.json', '.csv'),
    result_size: 100,
    output_format: 'csv',
    records: 2,
    processing_time: 0.1,
    worker: null,
    quality: null,
    records_path: null,
    left_out: null,
    duplicate_keys: null,
    lone_surrogates: null,
    ...overrides,
  };
}

/** A job holding these files, with counts that agree with them. */
export function batchJob(files: BatchFile[], overrides: Partial<BatchJob> = {}): BatchJob {
  const count = (status: BatchFile['status']) => files.filter((file) => file.status === status).length;
  return {
    job_id: 'job-1',
    kind: 'batch',
    status: 'completed',
    created_at: '2026-01-01T00:00:00.000Z',
    total_files: files.length,
    successful_files: count('completed'),
    failed_files: count('failed'),
    processed_files: count('completed') + count('failed'),
    errors: files.flatMap((file) =>
      file.error ? [{ file_id: file.file_id, file_name: file.file_name, error: file.error }] : [],
    ),
    progress_percentage: 100,
    total_processing_time: 1.5,
    cancelled_files: 0,
    completed_at: null,
    expires_at: null,
    total_bytes: 4096,
    bytes_read: 4096,
    analyzed_files: files.filter((file) => file.quality !== null).length,
    download_url: '/api/batch/download/job-1',
    files,
    ...overrides,
  };
}

type Handler = (method: string, path: string, body: unknown) => unknown;

/**
 * Stubs fetch with the calls every batch screen makes (subscription, plans, settings, an empty
 * history) and `handler` for the rest; answers `{detail}` with 500 when nothing matches.
 */
export function stubBatchApi(subscription: SubscriptionResponse, handler: Handler = () => undefined) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path, body });
      const answer =
        handler(method, path, body) ??
        (path === '/api/payments/user-subscription'
          ? subscription
          : path === '/api/payments/plans'
            ? PLANS
            : path === '/api/profile/settings'
              ? DEFAULT_SETTINGS
              : path.startsWith('/api/batch/jobs?')
                ? { jobs: [], total: 0, page: 1, page_size: 10 }
                : undefined);
      if (answer instanceof Response) return answer;
      if (answer === undefined) return new Response(JSON.stringify({ detail: `no stub for ${path}` }), { status: 500 });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return requests;
}

/** Renders a screen with the app's providers at /batch. */
export function renderScreen(screen: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <MemoryRouter initialEntries={['/batch']}>{screen}</MemoryRouter>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
}
