import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from '../query-error';

/** What a plan list shows until the catalogue has loaded: a placeholder, or the error with a retry. */
export function PlansLoading({ plans, height }: { plans: UseQueryResult<unknown>; height: number }) {
  if (plans.isPending) return <Skeleton variant="rounded" height={height} />;
  if (plans.isError) {
    return (
      <QueryError
        error={plans.error}
        fallback="Unable to load payment plans. Please refresh the page or try again later."
        onRetry={() => void plans.refetch()}
      />
    );
  }
  return null;
}
