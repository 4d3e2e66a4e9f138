import { CenteredSpinner } from '../components/centered-spinner';
import { QueryError } from '../components/query-error';
import { useSubscription } from '../lib/api/get-subscription';
import { BatchUpsell } from './batch-upsell';
import { BatchWorkspace } from './batch-workspace';

/** /batch: Premium Batch Processing (spec 2.11) for plans with batches, the upsell for the others. */
export default function BatchPage() {
  const subscription = useSubscription();
  if (subscription.isPending) return <CenteredSpinner label="Loading..." />;
  if (subscription.isError) {
    return (
      <QueryError
        error={subscription.error}
        fallback="Failed to load subscription data. Please try again later."
        onRetry={() => void subscription.refetch()}
      />
    );
  }
  const { batch_size: batchSize, file_size_limit_mb: fileSizeLimitMb } = subscription.data;
  if (batchSize === 0) return <BatchUpsell />;
  return <BatchWorkspace allowance={{ batchSize, fileSizeLimitMb }} formats={subscription.data.formats} />;
}
