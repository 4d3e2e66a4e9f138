import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ConversionResult } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';
import { formatBytes } from '../lib/format-size';

/** A stored conversion's facts as chips: records, columns, sizes before and after, time taken. */
export function FileFacts({ response }: { response: ConversionResult }) {
  const facts = [
    response.records !== null ? `${formatCount(response.records)} records` : null,
    response.columns !== null ? `${formatCount(response.columns)} columns` : null,
    `${formatBytes(response.original_size)} → ${formatBytes(response.converted_size)}`,
    `${response.duration_seconds.toFixed(2)} s`,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {facts.map((fact) => (
        <Chip key={fact} label={fact} size="small" variant="outlined" />
      ))}
    </Box>
  );
}
