import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import type { ComparisonAnalysis } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { formatScore, NOTHING_TO_COMPARE } from '../components/score-tiles';
import { formatCount } from '../lib/format-count';

function EvidenceRow(props: { label: string; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 200, verticalAlign: 'top' }}>
        {props.label}
      </TableCell>
      <TableCell>{props.children}</TableCell>
    </TableRow>
  );
}

function PathChips({ paths, total, color }: { paths: string[]; total: number; color: 'error' | 'warning' }) {
  if (total === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
      {paths.map((path) => (
        <Chip
          key={path}
          label={path}
          size="small"
          color={color}
          variant="outlined"
          sx={{ fontFamily: 'fontFamilyMonospace' }}
        />
      ))}
      {total > paths.length && <Chip label={`${formatCount(total - paths.length)} more`} size="small" />}
    </Box>
  );
}

/** The values Spreadsheet-safe guarded, as chips: field, record and the original text. */
function GuardedChips({ analysis }: { analysis: ComparisonAnalysis }) {
  const { guarded, guarded_values: total } = analysis.evidence;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }} aria-label="Guarded values">
      {guarded.map((value) => (
        <Chip
          key={`${value.record}:${value.path}`}
          label={`${value.path} (record ${value.record}): ${value.value}`}
          size="small"
          variant="outlined"
          sx={{ fontFamily: 'fontFamilyMonospace' }}
        />
      ))}
      {total > guarded.length && <Chip label={`${formatCount(total - guarded.length)} more`} size="small" />}
    </Box>
  );
}

/** The evidence behind a comparison's scores: records, fields, values, guarded values, types and structure. */
export function QualityEvidence({ analysis }: { analysis: ComparisonAnalysis }) {
  const { evidence } = analysis;
  return (
    <TableContainer>
      <Table size="small" aria-label="Evidence">
        <TableBody>
          <EvidenceRow label="Records">
            {formatCount(evidence.original_records)} in the original, {formatCount(evidence.reconverted_records)} read
            back; {formatCount(evidence.identical_records)} identical
          </EvidenceRow>
          <EvidenceRow label="Field Preservation">
            {formatCount(evidence.preserved_fields)} preserved, {formatCount(evidence.lost_fields)} lost,{' '}
            {formatCount(evidence.gained_fields)} gained
            <PathChips paths={evidence.lost_paths} total={evidence.lost_fields} color="error" />
            <PathChips paths={evidence.gained_paths} total={evidence.gained_fields} color="warning" />
          </EvidenceRow>
          <EvidenceRow label="Values">
            {formatCount(evidence.equal_values)} of {formatCount(evidence.original_values)} equal (
            {formatScore(evidence.value_equality_rate)}); {formatCount(evidence.value_changed)} changed,{' '}
            {formatCount(evidence.type_changed)} changed type, {formatCount(evidence.emptied)} emptied,{' '}
            {formatCount(evidence.missing)} missing, {formatCount(evidence.added_value)} added
            {evidence.added_null > 0 &&
              `; ${formatCount(evidence.added_null)} null${evidence.added_null === 1 ? '' : 's'} added by the CSV (every row has every column)`}
          </EvidenceRow>
          {evidence.guarded_values > 0 && (
            <EvidenceRow label="Spreadsheet-safe">
              {formatCount(evidence.guarded_values)} {evidence.guarded_values === 1 ? 'value has' : 'values have'} a '
              in front in the CSV (Spreadsheet-safe), taken off on reading back, so{' '}
              {evidence.guarded_values === 1 ? 'it counts' : 'they count'} as equal
              <GuardedChips analysis={analysis} />
            </EvidenceRow>
          )}
          <EvidenceRow label="Types kept">
            {evidence.type_preservation === null
              ? NOTHING_TO_COMPARE
              : `${evidence.type_preservation.toFixed(1)}% of values kept their JSON type`}
          </EvidenceRow>
          <EvidenceRow label="Structure Quality">
            {analysis.structure_preservation === null
              ? NOTHING_TO_COMPARE
              : `${analysis.structure_preservation.toFixed(1)}% structure preservation`}
            ; original: {evidence.original_structure}
          </EvidenceRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
