import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One figure with its label (summary cards of Files, Audit and Dashboard). */
export function StatCard(props: { label: string; value: ReactNode; hint?: ReactNode; loading?: boolean }) {
  const { label, value, hint, loading = false } = props;
  return (
    <Card>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
          {loading ? <Skeleton width="60%" /> : value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** A responsive grid of stat cards. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' }}>
      {children}
    </div>
  );
}
