import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ComparisonEvidence } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';

const DIFFERENCE_LABELS = {
  value: 'changed',
  type: 'type changed',
  emptied: 'emptied',
  missing: 'missing',
  added: 'added',
};

/** The first differences between the original and the JSON read back, when there are any. */
export function QualityDifferences({ evidence }: { evidence: ComparisonEvidence }) {
  if (evidence.differences.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Differences{' '}
        {evidence.differences_total > evidence.differences.length
          ? `(first ${formatCount(evidence.differences.length)} of ${formatCount(evidence.differences_total)})`
          : `(${formatCount(evidence.differences_total)})`}
      </Typography>
      <TableContainer sx={{ maxHeight: 280 }}>
        <Table size="small" stickyHeader aria-label="Differences">
          <TableHead>
            <TableRow>
              <TableCell>Record</TableCell>
              <TableCell>Field</TableCell>
              <TableCell>What</TableCell>
              <TableCell>Original</TableCell>
              <TableCell>Reconverted</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {evidence.differences.map((difference) => (
              <TableRow key={`${difference.record}:${difference.path}:${difference.kind}`}>
                <TableCell>{difference.record}</TableCell>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace' }}>{difference.path}</TableCell>
                <TableCell>{DIFFERENCE_LABELS[difference.kind]}</TableCell>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace', wordBreak: 'break-all' }}>
                  {difference.original ?? '(absent)'}
                </TableCell>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace', wordBreak: 'break-all' }}>
                  {difference.reconverted ?? '(absent)'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
