import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PlanPurchasePanels } from '../components/plans/plan-purchase';
import { QueryError } from '../components/query-error';
import { StatCard, StatGrid } from '../components/stat-card';
import { useProfileStats } from '../lib/api/get-profile-stats';
import { useSubscription } from '../lib/api/get-subscription';
import { formatRoundedMegabytes } from '../lib/format-size';
import { successRateText } from '../lib/success-rate-text';
import { PlansSection } from './plans-section';
import { UsageSections } from './usage-sections';
import { WelcomeCard } from './welcome-card';

/** The other features' pieces the dashboard shows; the page composing it gives them. */
export interface DashboardPanels {
  /** Said once after a payment came back (above the figures). */
  paymentNotice: ReactNode;
  apiUsage: ReactNode;
  /** Under the conversion credits. */
  buyCredits: ReactNode;
  /** In Choose Your Plan, below everything. */
  purchase: PlanPurchasePanels;
}

/** The dashboard (spec section 2.8): plan, usage, storage, performance, quick actions and plans. */
export default function DashboardPage({ panels }: { panels: DashboardPanels }) {
  const stats = useProfileStats();
  const subscription = useSubscription();

  return (
    <Stack spacing={3}>
      <WelcomeCard subscription={subscription.data} />
      {panels.paymentNotice}
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

      <UsageSections subscription={subscription.data} stats={stats.data} apiUsage={panels.apiUsage} />

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
            hint={panels.buyCredits}
          />
          <StatCard label="Success Rate" value={successRateText(stats.data)} loading={stats.isPending} />
          <StatCard
            label="Avg File Size"
            value={stats.data?.totalConversions ? formatRoundedMegabytes(stats.data.averageFileSize) : '–'}
            loading={stats.isPending}
          />
        </StatGrid>
      </Box>

      <PlansSection purchase={panels.purchase} />
    </Stack>
  );
}
