import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { ThemeModeProvider } from '../lib/theme/theme-mode';

/** Query cache, theme and session, around the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <SessionProvider>{children}</SessionProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
