import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AiAnalysis, FieldSchema } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';

function evidenceOf(field: FieldSchema): string {
  const parts = [`${formatCount(field.distinct)}${field.distinct_exact ? '' : ' (est.)'} distinct`];
  if (field.nulls > 0) parts.push(`${formatCount(field.nulls)} null`);
  if (field.missing > 0) parts.push(`${formatCount(field.missing)} missing`);
  if (field.empty > 0) parts.push(`${formatCount(field.empty)} empty`);
  if (field.min_value !== undefined) parts.push(`${field.min_value} to ${field.max_value}`);
  return parts.join(', ');
}

/** The schema the analysis found: its facts, its limits and every field with its evidence. */
export function SchemaAnalysis({ analysis }: { analysis: AiAnalysis }) {
  const facts = [
    `${formatCount(analysis.fields.length)} fields detected`,
    `Complexity: ${analysis.estimated_complexity}`,
    `Maximum depth: ${analysis.max_depth} ${analysis.max_depth === 1 ? 'level' : 'levels'}`,
    `${formatCount(analysis.data_quality_issues.length)} quality ${analysis.data_quality_issues.length === 1 ? 'issue' : 'issues'}`,
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {facts.map((fact) => (
          <Chip key={fact} label={fact} variant="outlined" />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {formatCount(analysis.records)} records; {analysis.complexity_reason}
      </Typography>
      {analysis.limits.map((limit) => (
        <Alert key={limit} severity="info">
          {limit}
        </Alert>
      ))}
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Fields">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Evidence</TableCell>
              <TableCell>Examples</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {analysis.fields.map((field) => (
              <TableRow key={field.path}>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace' }}>{field.path}</TableCell>
                <TableCell>{field.type}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{evidenceOf(field)}</TableCell>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 12, wordBreak: 'break-all' }}>
                  {field.examples.join(' · ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
