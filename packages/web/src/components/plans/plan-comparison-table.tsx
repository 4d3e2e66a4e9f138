import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Plan } from '@unnest/contracts';
import { formatMegabytes } from '../../lib/format-size';
import { batchText, conversionTimeText, fileSizeText, limitText, retentionText } from '../../lib/plan-limits';

const ROWS: { label: string; value: (plan: Plan) => string }[] = [
  { label: 'File size', value: (plan) => fileSizeText(plan.file_size_limit_mb) },
  { label: 'Conversions per day', value: (plan) => limitText(plan.conversions_per_day) },
  { label: 'API calls per month', value: (plan) => limitText(plan.api_calls_per_month) },
  { label: 'Batch processing', value: batchText },
  {
    label: 'Storage',
    value: (plan) => (plan.storage_gb === -1 ? 'Unlimited' : formatMegabytes(plan.storage_gb * 1024)),
  },
  { label: 'Speed', value: (plan) => plan.speed },
  { label: 'Export', value: (plan) => plan.formats.map((format) => format.toUpperCase()).join(', ') },
  { label: 'Support', value: (plan) => plan.support },
  { label: 'File retention', value: (plan) => retentionText(plan.retention_hours) },
  { label: 'Time per conversion', value: (plan) => conversionTimeText(plan.conversion_time_limit_seconds) },
];

/** The feature comparison table (spec section 9), built from the server's catalogue. */
export function PlanComparisonTable({ plans }: { plans: Plan[] }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label="Feature comparison">
        <TableHead>
          <TableRow>
            <TableCell>Feature</TableCell>
            {plans.map((plan) => (
              <TableCell key={plan.id}>{plan.name}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {row.label}
              </TableCell>
              {plans.map((plan) => (
                <TableCell key={plan.id}>{row.value(plan)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
