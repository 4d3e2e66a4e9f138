import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreatedApiKey } from '@unnest/contracts';
import { useState } from 'react';
import { QueryError } from '../components/query-error';
import { useApiKeys } from './api/get-api-keys';
import { useUsage } from './api/get-usage';
import { apiCallsText, resetText } from './api-calls-text';
import { ApiKeysTable } from './api-keys-table';
import { CreateKeyForm } from './create-key-form';
import { CurlExample } from './curl-example';
import { NewKeyNotice } from './new-key-notice';

/** Settings, API keys: create (shown once), list, revoke, this month's calls, and a curl example. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const usage = useUsage();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const newest = created?.prefix ?? keys.data?.keys[0]?.prefix;

  return (
    <Stack spacing={2.5}>
      {usage.data && (
        <Typography variant="body2" color="text.secondary">
          {apiCallsText(usage.data.api_calls)}. {resetText(usage.data.api_calls)} Keys work on the conversion and files
          endpoints; they cannot manage your account or keys.
        </Typography>
      )}
      <CreateKeyForm onCreated={setCreated} />
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}
      {keys.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : keys.isError ? (
        <QueryError error={keys.error} fallback="Failed to load your API keys" onRetry={() => void keys.refetch()} />
      ) : (
        <ApiKeysTable keys={keys.data.keys} />
      )}
      <CurlExample prefix={newest} />
    </Stack>
  );
}
