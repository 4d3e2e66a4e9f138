import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { AuditLog } from '@unnest/contracts';
import { useMemo } from 'react';
import { isConversion } from './audit-labels';

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

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** Conversions per day as a bar chart (drawn as SVG: no chart library in the bundle). */
export function ActivityChart({ logs, days }: { logs: AuditLog[]; days: number }) {
  const theme = useTheme();
  const counts = useMemo(() => countByDay(logs, days), [logs, days]);
  const total = counts.reduce((sum, day) => sum + day.ok + day.failed, 0);
  const max = Math.max(1, ...counts.map((day) => day.ok + day.failed));
  const top = max <= 4 ? max : Math.ceil(max / 4) * 4;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / days;
  const bar = Math.max(2, slot * 0.64);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const ticks = top <= 4 ? Array.from({ length: top + 1 }, (_, i) => i) : [0, top / 4, top / 2, (3 * top) / 4, top];
  const labelEvery = Math.ceil(days / 6);

  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Conversions per day over the last ${days} days: ${total} in total`}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
              {tick}
            </text>
          </g>
        ))}
        {counts.map((day, index) => {
          const x = PAD.left + index * slot + (slot - bar) / 2;
          const label = `${dayLabel.format(day.day)}: ${day.ok} converted${day.failed ? `, ${day.failed} failed` : ''}`;
          return (
            <g key={day.day.getTime()}>
              <title>{label}</title>
              {day.ok > 0 && (
                <rect
                  x={x}
                  y={y(day.ok)}
                  width={bar}
                  height={y(0) - y(day.ok)}
                  rx={2}
                  fill={theme.palette.primary.main}
                />
              )}
              {day.failed > 0 && (
                <rect
                  x={x}
                  y={y(day.ok + day.failed)}
                  width={bar}
                  height={y(day.ok) - y(day.ok + day.failed)}
                  rx={2}
                  fill={theme.palette.error.main}
                />
              )}
              {(days - 1 - index) % labelEvery === 0 && (
                <text
                  x={PAD.left + index * slot + slot / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  fontSize={11}
                  fill={theme.palette.text.secondary}
                >
                  {dayLabel.format(day.day)}
                </text>
              )}
            </g>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 1, flexWrap: 'wrap' }}>
        <Legend color={theme.palette.primary.main} label="Converted" />
        <Legend color={theme.palette.error.main} label="Failed" />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {total} {total === 1 ? 'conversion' : 'conversions'} in {days} days
        </Typography>
      </Box>
    </Box>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
