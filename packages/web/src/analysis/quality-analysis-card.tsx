import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Info from '@mui/icons-material/Info';
import WarningAmber from '@mui/icons-material/WarningAmber';
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
import { type ComparisonAnalysis, qualityScoreBand, trustScoreBand } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { AdviceList, VerdictChip } from '../components/comparison-advice';
import { formatCount } from '../lib/format-count';

// The spec's trust bands (section 9), each with an icon that says its band to a screen reader too.
const TRUST_ICONS = {
  success: <CheckCircle color="success" fontSize="small" titleAccess="Trust band: 95 or more" />,
  info: <Info color="info" fontSize="small" titleAccess="Trust band: 85 to 95" />,
  warning: <WarningAmber color="warning" fontSize="small" titleAccess="Trust band: 70 to 85" />,
  error: <ErrorIcon color="error" fontSize="small" titleAccess="Trust band: below 70" />,
};

const DIFFERENCE_LABELS = {
  value: 'changed',
  type: 'type changed',
  emptied: 'emptied',
  missing: 'missing',
  added: 'added',
};

// A score is null when its ratio had nothing to count (0/0): the card says so instead of showing a number.
const NOTHING_TO_COMPARE = 'Nothing to compare';
const formatScore = (score: number | null) => (score === null ? NOTHING_TO_COMPARE : `${score.toFixed(1)}%`);

function ScoreTile(props: {
  label: string;
  score: number | null;
  caption: string;
  icon?: ReactNode;
  chip?: ReactNode;
}) {
  const color = props.score === null ? 'text.secondary' : `${qualityScoreBand(props.score)}.main`;
  return (
    <Box
      role="group"
      aria-label={props.label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'flex', flexDirection: 'column' }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        {props.label}
        {props.icon}
      </Typography>
      <Typography variant={props.score === null ? 'h6' : 'h5'} component="p" sx={{ color }}>
        {formatScore(props.score)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {props.caption}
      </Typography>
      {props.chip}
    </Box>
  );
}

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

/** The AI Quality Analysis card (spec 2.5, 2.11): computed scores in their bands, one verdict (the same the
 * batch dialog shows), the evidence behind them, the values Spreadsheet-safe guarded, and recommendations
 * linked to the controls that fix them. `onFollow` runs when such a link is followed.
 */
export function QualityAnalysisCard({ analysis, onFollow }: { analysis: ComparisonAnalysis; onFollow?: () => void }) {
  const { evidence } = analysis;
  const trustBand = analysis.trust_score === null ? null : trustScoreBand(analysis.trust_score);
  const alertSeverity = trustBand === 'success' || trustBand === 'info' ? trustBand : 'warning';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        <ScoreTile label="Quality Score" score={analysis.quality_score} caption="Overall round-trip quality" />
        <ScoreTile
          label="Trust Score"
          score={analysis.trust_score}
          caption="Data reliability confidence"
          icon={trustBand && TRUST_ICONS[trustBand]}
        />
        <ScoreTile label="Data Integrity" score={analysis.data_integrity} caption="Field preservation rate" />
        <ScoreTile label="Accuracy" score={analysis.accuracy_score} caption="Values that came back exactly" />
        <ScoreTile
          label="Structure Preservation"
          score={analysis.structure_preservation}
          caption="Records that kept their shape"
        />
        <ScoreTile
          label="Field Mapping Accuracy"
          score={analysis.field_mapping_accuracy}
          caption="Columns that map back to fields"
        />
      </Box>

      <Alert severity={alertSeverity} icon={false}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <VerdictChip verdict={analysis.conversion_reliability} />
          <span>{analysis.quality_assessment}</span>
        </Box>
      </Alert>

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

      {evidence.differences.length > 0 && (
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
      )}

      <Box>
        <Typography variant="subtitle2">Recommendations</Typography>
        {analysis.advice.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            None: nothing was lost or changed.
          </Typography>
        ) : (
          <AdviceList advice={analysis.advice} page="/convert" {...(onFollow ? { onFollow } : {})} />
        )}
      </Box>
    </Box>
  );
}
