import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Info from '@mui/icons-material/Info';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ComparisonAnalysis, trustScoreBand } from '@unnest/contracts';
import { AdviceList, VerdictChip } from '../components/comparison-advice';
import { ScoreTile, ScoreTiles } from '../components/score-tiles';
import { QualityDifferences } from './quality-differences';
import { QualityEvidence } from './quality-evidence';

// The spec's trust bands (section 9), each with an icon that says its band to a screen reader too.
const TRUST_ICONS = {
  success: <CheckCircle color="success" fontSize="small" titleAccess="Trust band: 95 or more" />,
  info: <Info color="info" fontSize="small" titleAccess="Trust band: 85 to 95" />,
  warning: <WarningAmber color="warning" fontSize="small" titleAccess="Trust band: 70 to 85" />,
  error: <ErrorIcon color="error" fontSize="small" titleAccess="Trust band: below 70" />,
};

/** The AI Quality Analysis card (spec 2.5, 2.11): computed scores in their bands, one verdict (the same the
 * batch dialog shows), the evidence behind them, the values Spreadsheet-safe guarded, and recommendations
 * linked to the controls that fix them. `onFollow` runs when such a link is followed.
 */
export function QualityAnalysisCard({ analysis, onFollow }: { analysis: ComparisonAnalysis; onFollow?: () => void }) {
  const trustBand = analysis.trust_score === null ? null : trustScoreBand(analysis.trust_score);
  const alertSeverity = trustBand === 'success' || trustBand === 'info' ? trustBand : 'warning';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ScoreTiles>
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
      </ScoreTiles>

      <Alert severity={alertSeverity} icon={false}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <VerdictChip verdict={analysis.conversion_reliability} />
          <span>{analysis.quality_assessment}</span>
        </Box>
      </Alert>

      <QualityEvidence analysis={analysis} />
      <QualityDifferences evidence={analysis.evidence} />

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
