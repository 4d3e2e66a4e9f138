import History from '@mui/icons-material/History';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Upgrade from '@mui/icons-material/Upgrade';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiUsageSummary } from '../api-keys';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { useProfileStats } from '../lib/api/get-profile-stats';
import { useSubscription } from '../lib/api/get-subscription';
import { formatRoundedMegabytes } from '../lib/format-size';
import { fileSizeText, retentionText } from '../lib/plan-limits';
import { useSession } from '../lib/session';
import { BuyCreditsButton, PaymentSuccessAlert } from '../payments';
import { PlansSection } from './plans-section';
import { StorageBar } from './storage-bar';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** The dashboard (spec section 2.8): plan, usage, storage, performance, quick actions and plans. */
export default function DashboardPage() {
  const { user } = useSession();
  const stats = useProfileStats();
  const subscription = useSubscription();
  const sub = subscription.data;
  const dailyLimit = sub?.conversions_limit ?? 0;
  const usedPercent = sub && dailyLimit > 0 ? Math.min(100, (sub.conversions_used / dailyLimit) * 100) : 0;

  return (
    <Stack spacing={3}>
      <Card
        sx={{
          border: 0,
          // The light theme's blue and purple in both modes: white text needs the deep shades.
          color: '#fff',
          background: 'linear-gradient(120deg, #1f5fd1 0%, #6d3ae0 100%)',
        }}
      >
        <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, wordBreak: 'break-word' }}>
            Welcome, {user?.email}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              label={`${sub?.plan_name ?? user?.plan ?? 'Free'} plan`}
              sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit', fontWeight: 600 }}
            />
            {sub && (
              <Typography variant="body2" sx={{ opacity: 0.9 }}>
                Files up to {fileSizeText(sub.file_size_limit_mb)} · kept {retentionText(sub.retention_hours)} ·{' '}
                {sub.formats.map((format) => format.toUpperCase()).join(', ')}
              </Typography>
            )}
          </Box>
        </CardContent>
      </Card>

      <PaymentSuccessAlert />
      {subscription.isError && (
        <QueryError
          error={subscription.error}
          fallback="Failed to load subscription data. Please try again later."
          onRetry={() => void subscription.refetch()}
        />
      )}
      {stats.isError && (
        <QueryError
          error={stats.error}
          fallback="Failed to load user statistics"
          onRetry={() => void stats.refetch()}
        />
      )}

      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        <Section title="Usage Statistics">
          {sub ? (
            <>
              <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {sub.conversions_used}
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
          ) : (
            <Skeleton variant="rounded" height={80} />
          )}
        </Section>
        <Section title="Storage Usage">
          {stats.data ? (
            <>
              <StorageBar usedMb={stats.data.storageUsed} limitMb={stats.data.storageLimit} />
              <Typography variant="body2" color="text.secondary">
                Originals and results of your stored conversions.
              </Typography>
            </>
          ) : (
            <Skeleton variant="rounded" height={80} />
          )}
        </Section>
        <Section title="API Usage">
          <ApiUsageSummary />
        </Section>
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

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Performance Metrics
        </Typography>
        <StatGrid>
          <StatCard label="Total Conversions" value={stats.data?.totalConversions ?? 0} loading={stats.isPending} />
          <StatCard label="This Month" value={stats.data?.thisMonth ?? 0} loading={stats.isPending} />
          <StatCard
            label="Conversion Credits"
            value={stats.data?.conversionCredits ?? 0}
            loading={stats.isPending}
            hint={<BuyCreditsButton label="Buy More" />}
          />
          <StatCard
            label="Success Rate"
            value={`${(stats.data?.successRate ?? 0).toFixed(1)}%`}
            loading={stats.isPending}
          />
          <StatCard
            label="Avg File Size"
            value={stats.data?.totalConversions ? formatRoundedMegabytes(stats.data.averageFileSize) : '–'}
            loading={stats.isPending}
          />
        </StatGrid>
      </Box>

      <PlansSection />
    </Stack>
  );
}
