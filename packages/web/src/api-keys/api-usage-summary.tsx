import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useUsage } from './api/get-usage';
import { apiCallsText, resetText } from './api-calls-text';

/** The dashboard's API usage: this month's calls against the plan's limit, and when they reset. */
export function ApiUsageSummary() {
  const usage = useUsage();
  if (usage.isError) return <Typography color="error">Failed to load API usage</Typography>;
  if (!usage.data) return <Skeleton variant="rounded" height={60} />;
  const calls = usage.data.api_calls;
  return (
    <>
      <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>{apiCallsText(calls)}</Typography>
      {calls.limit > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (calls.used / calls.limit) * 100)}
          sx={{ height: 8, borderRadius: 4 }}
          aria-label="API calls used this month"
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {calls.credit_calls > 0 && `${calls.credit_calls} more paid with credits. `}
        {resetText(calls)}{' '}
        <Link component={RouterLink} to="/settings" underline="always">
          Manage API keys
        </Link>
      </Typography>
    </>
  );
}
