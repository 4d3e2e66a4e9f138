import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AuthMode } from '../lib/auth-dialog-control';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { endSession } from '../lib/session-store';
import { unsignedAccessToken } from '../lib/test-support/access-token';
import { ThemeModeProvider } from '../lib/theme/theme-mode';
import { AuthDialog } from './auth-dialog';

// What the auth dialog's tests share: a scripted API answering by path, and the dialog in its providers.

/** One scripted answer of the API. */
export type Reply = { status: number; body: unknown };
/** The answers by path, and the requests the dialog made, reset before each test. */
export const api = { replies: {} as Record<string, Reply>, requests: [] as { path: string; body: unknown }[] };

export function jsonResponse(reply: Reply): Response {
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The token the scripted login answers with. */
export function accessToken(): string {
  return unsignedAccessToken();
}

export function renderDialog(
  props: { initialMode?: AuthMode; pendingEmail?: string; advanceTimers?: (ms: number) => void } = {},
) {
  const { advanceTimers, ...dialogProps } = props;
  const onClose = vi.fn();
  const onSignedIn = vi.fn();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeModeProvider>
        <SessionProvider>
          <AuthDialog open onClose={onClose} onSignedIn={onSignedIn} {...dialogProps} />
        </SessionProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { ...view, onClose, onSignedIn, user: userEvent.setup(advanceTimers ? { advanceTimers } : {}) };
}

export const submit = (name: string) => screen.getByRole('button', { name });

/** Installs the scripted API around every test of the file that imports this module. */
export function scriptApiForEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    api.replies = {};
    api.requests = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        api.requests.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const reply = api.replies[path];
        if (!reply) throw new Error(`unexpected request to ${path}`);
        return jsonResponse(reply);
      }),
    );
  });

  afterEach(() => {
    cleanup();
    endSession();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
