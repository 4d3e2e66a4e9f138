import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { DailyConversions } from '@unnest/contracts';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Conversions of every account per UTC day, stacked: successful, then failed. */
export function ConversionsChart({ days }: { days: DailyConversions[] }) {
  const theme = useTheme();
  const total = days.reduce((sum, day) => sum + day.successful + day.failed, 0);
  return (
    <Box role="figure" aria-label={`Conversions per day over the last ${days.length} days: ${total} in total`}>
      <BarChart
        height={240}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        xAxis={[{ scaleType: 'band', data: days.map((day) => dayLabel.format(new Date(`${day.date}T00:00:00Z`))) }]}
        yAxis={[{ tickMinStep: 1, width: 40 }]}
        series={[
          {
            data: days.map((day) => day.successful),
            label: 'Converted',
            stack: 'day',
            color: theme.palette.primary.main,
          },
          { data: days.map((day) => day.failed), label: 'Failed', stack: 'day', color: theme.palette.error.main },
        ]}
        slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'start' } } }}
        skipAnimation
      />
    </Box>
  );
}
