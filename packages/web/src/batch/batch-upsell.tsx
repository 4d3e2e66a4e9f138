import Analytics from '@mui/icons-material/AnalyticsOutlined';
import CloudDownload from '@mui/icons-material/CloudDownloadOutlined';
import LibraryAdd from '@mui/icons-material/LibraryAddOutlined';
import Timeline from '@mui/icons-material/Timeline';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BATCH_TEXTS, type Plan } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../components/page-header';
import { usePlans } from '../lib/api/get-plans';
import { batchText } from '../lib/plan-limits';

/** "25 files on Professional, 100 files on Business, Unlimited on Enterprise", from the catalogue. */
function batchSizes(plans: readonly Plan[]): string {
  return plans
    .filter((plan) => plan.batch_size !== 0)
    .map((plan) => `${batchText(plan)} on ${plan.name}`)
    .join(', ');
}

function Feature(props: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card component="section" aria-label={props.title}>
      <CardContent>
        <Box sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 32 } }}>{props.icon}</Box>
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {props.text}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** What an account whose plan has no batch processing sees at /batch (spec 2.11). */
export function BatchUpsell() {
  const plans = usePlans();
  const sizes = plans.data ? batchSizes(plans.data.plans) : null;
  return (
    <>
      <PageHeader
        title={BATCH_TEXTS.upsellTitle}
        subtitle={BATCH_TEXTS.notInPlan}
        actions={
          <>
            <Button variant="contained" startIcon={<WorkspacePremium />} component={RouterLink} to="/dashboard">
              Upgrade Plan
            </Button>
            <Button variant="outlined" component={RouterLink} to="/pricing">
              See pricing
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <Feature
          icon={<LibraryAdd />}
          title="Multi-file upload"
          text={`Convert many JSON and CSV files in one job${sizes ? `: ${sizes}` : ''}.`}
        />
        <Feature
          icon={<Timeline />}
          title="Real-time progress"
          text="Follow every file as it is converted, with its own progress and any error."
        />
        <Feature
          icon={<Analytics />}
          title="AI quality analysis"
          text="Check every converted file with a round-trip comparison and see its quality score."
        />
        <Feature
          icon={<CloudDownload />}
          title="Bulk download"
          text="Download all results as one ZIP, or each file on its own."
        />
      </Box>
    </>
  );
}
