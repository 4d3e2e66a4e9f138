import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SessionProvider } from './session';
import { endSession, startSession } from './session-store';
import { unsignedAccessToken } from './test-support/access-token';

afterEach(() => {
  endSession();
  localStorage.clear();
});

function providedSession(): QueryClient {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <p>page</p>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

it('keeps what a visitor loaded when they sign in, and forgets everything once the user leaves', async () => {
  const queryClient = providedSession();
  queryClient.setQueryData(['plans'], ['free']);
  act(() => {
    startSession(unsignedAccessToken({ sub: 'ada' }));
  });
  expect(queryClient.getQueryData(['plans'])).toEqual(['free']);

  queryClient.setQueryData(['usage'], { used: 3 });
  act(() => endSession());
  expect(queryClient.getQueryData(['usage'])).toBeUndefined();
  expect(queryClient.getQueryData(['plans'])).toBeUndefined();
});
