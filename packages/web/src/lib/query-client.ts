import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** The app's one query cache. Client errors (4xx) are not retried: asking again will not help. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}
