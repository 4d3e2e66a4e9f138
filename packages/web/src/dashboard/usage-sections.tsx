import History from '@mui/icons-material/History';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Upgrade from '@mui/icons-material/Upgrade';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProfileStats, SubscriptionResponse } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { StorageBar } from './storage-bar';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function ConversionsUsed({ subscription }: { subscription: SubscriptionResponse }) {
  const dailyLimit = subscription.conversions_limit;
  const usedPercent = dailyLimit > 0 ? Math.min(100, (subscription.conversions_used / dailyLimit) * 100) : 0;
  return (
    <>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {subscription.conversions_used}
        <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', ml: 1 }}>
          {dailyLimit === -1 ? 'conversions, no daily limit' : `of ${dailyLimit} conversions`}
        </Typography>
      </Typography>
      {dailyLimit > 0 && (
        <LinearProgress
          variant="determinate"
          value={usedPercent}
          sx={{ height: 8, borderRadius: 4 }}
          aria-label="Conversions used"
        />
      )}
      <Typography variant="body2" color="text.secondary">
        In the last 24 hours.
      </Typography>
    </>
  );
}

/** The dashboard's four cards: conversions used, storage, API usage (another feature's panel) and links. */
export function UsageSections({
  subscription,
  stats,
  apiUsage,
}: {
  subscription: SubscriptionResponse | undefined;
  stats: ProfileStats | undefined;
  apiUsage: ReactNode;
}) {
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
    >
      <Section title="Usage Statistics">
        {subscription ? <ConversionsUsed subscription={subscription} /> : <Skeleton variant="rounded" height={80} />}
      </Section>
      <Section title="Storage Usage">
        {stats ? (
          <>
            <StorageBar usedMb={stats.storageUsed} limitMb={stats.storageLimit} />
            <Typography variant="body2" color="text.secondary">
              Originals and results of your stored conversions.
            </Typography>
          </>
        ) : (
          <Skeleton variant="rounded" height={80} />
        )}
      </Section>
      <Section title="API Usage">{apiUsage}</Section>
      <Section title="Quick Actions">
        <Stack spacing={1}>
          <Button variant="contained" startIcon={<SwapHoriz />} component={RouterLink} to="/convert-page">
            Convert JSON
          </Button>
          <Button variant="outlined" startIcon={<History />} component={RouterLink} to="/audit">
            View History
          </Button>
          <Button variant="outlined" startIcon={<Upgrade />} component={RouterLink} to="/pricing">
            Upgrade Plan
          </Button>
        </Stack>
      </Section>
    </Box>
  );
}
