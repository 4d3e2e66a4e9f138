import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatMegabytes } from '../lib/format-size';

/** The storage bar's colour (spec section 4): under 70% success, under 90% warning, else error. */
export function storageColour(percent: number): 'success' | 'warning' | 'error' {
  if (percent < 70) return 'success';
  if (percent < 90) return 'warning';
  return 'error';
}

/** Storage used against the plan's limit (both in MB; a limit of -1 is unlimited). */
export function StorageBar({ usedMb, limitMb }: { usedMb: number; limitMb: number }) {
  const unlimited = limitMb < 0;
  const percent = unlimited || limitMb === 0 ? 0 : Math.min(100, (usedMb / limitMb) * 100);
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          <strong>{formatMegabytes(usedMb)}</strong> used
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {unlimited
            ? 'Unlimited storage'
            : `of ${formatMegabytes(limitMb)} (${percent.toFixed(percent < 10 ? 1 : 0)}%)`}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={storageColour(percent)}
        sx={{ height: 10, borderRadius: 5 }}
        aria-label="Storage used"
      />
    </Box>
  );
}
