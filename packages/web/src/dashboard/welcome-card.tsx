import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SubscriptionResponse } from '@unnest/contracts';
import { fileSizeText, retentionText } from '../lib/plan-limits';
import { useSession } from '../lib/session';

/** The dashboard's greeting: the account, its plan and what the plan allows. */
export function WelcomeCard({ subscription }: { subscription: SubscriptionResponse | undefined }) {
  const { user } = useSession();
  return (
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
            label={`${subscription?.plan_name ?? user?.plan ?? 'Free'} plan`}
            sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit', fontWeight: 600 }}
          />
          {subscription && (
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              Files up to {fileSizeText(subscription.file_size_limit_mb)} · kept{' '}
              {retentionText(subscription.retention_hours)} ·{' '}
              {subscription.formats.map((format) => format.toUpperCase()).join(', ')}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
