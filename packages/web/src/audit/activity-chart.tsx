import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AuditLog } from '@unnest/contracts';
import { useMemo } from 'react';
import { isConversion } from '../lib/audit-labels';

/** One day of the chart: successful and failed conversions. */
interface DayCount {
  day: Date;
  ok: number;
  failed: number;
}

/** Counts conversions per local calendar day over the last `days` days, oldest first. */
export function countByDay(logs: AuditLog[], days: number, today = new Date()): DayCount[] {
  const start = new Date(today);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (days - 1));
  const counts: DayCount[] = Array.from({ length: days }, (_, index) => {
    const day = new Date(start);
    day.setDate(start.getDate() + index);
    return { day, ok: 0, failed: 0 };
  });
  for (const log of logs) {
    if (!isConversion(log)) continue;
    const when = new Date(log.timestamp);
    when.setHours(0, 0, 0, 0);
    // Whole days between midnights; rounding absorbs daylight-saving hours.
    const index = Math.round((when.getTime() - start.getTime()) / 86_400_000);
    const bucket = counts[index];
    if (!bucket) continue;
    if (log.status === 'error') bucket.failed += 1;
    else bucket.ok += 1;
  }
  return counts;
}

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** Conversions per day as stacked bars: converted, then failed on top. */
export function ActivityChart({ logs, days }: { logs: AuditLog[]; days: number }) {
  const theme = useTheme();
  const counts = useMemo(() => countByDay(logs, days), [logs, days]);
  const total = counts.reduce((sum, day) => sum + day.ok + day.failed, 0);
  const labels = counts.map((day) => dayLabel.format(day.day));
  return (
    <Box role="figure" aria-label={`Conversions per day over the last ${days} days: ${total} in total`}>
      <BarChart
        height={220}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: labels, tickLabelInterval: (_, index) => (days - 1 - index) % 5 === 0 }]}
        yAxis={[{ tickMinStep: 1, width: 32 }]}
        series={[
          { data: counts.map((day) => day.ok), label: 'Converted', stack: 'day', color: theme.palette.primary.main },
          { data: counts.map((day) => day.failed), label: 'Failed', stack: 'day', color: theme.palette.error.main },
        ]}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'start' } } }}
        skipAnimation
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right' }}>
        {total} {total === 1 ? 'conversion' : 'conversions'} in {days} days
      </Typography>
    </Box>
  );
}
