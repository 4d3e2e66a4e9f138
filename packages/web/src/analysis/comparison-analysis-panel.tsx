import Download from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ANALYSIS_TEXTS, CONVERSION_TEXTS, type CompareAnalysisResponse } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { errorText } from '../lib/api-error';
import { Loading, RetryAlert } from './comparison-parts';
import type { AnalysisView } from './comparison-state';
import { PremiumUpsell } from './premium-upsell';
import { QualityAnalysisCard } from './quality-analysis-card';

/** The comparison's AI Quality Analysis card: the analysis, or where it stands (running, refused, failed). */
export function ComparisonAnalysisPanel(props: {
  view: AnalysisView;
  answer: CompareAnalysisResponse | undefined;
  textsError: unknown;
  analysisError: unknown;
  onRetryTexts: () => void;
  onRetryAnalysis: () => void;
  onDownloadReport: () => void;
  /** Runs when a recommendation's link is followed (the dialog closes). */
  onFollow: () => void;
  /** The control that buys credits, shown when the analysis needs premium. */
  buyCredits: ReactNode;
}) {
  const { view, answer } = props;
  return (
    // Flex items shrink by default: the card must keep its full height and let the dialog scroll.
    <Card sx={{ flexShrink: 0 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h3">
            AI Quality Analysis
          </Typography>
          {answer && (
            <Button size="small" startIcon={<Download />} onClick={props.onDownloadReport} sx={{ ml: 'auto' }}>
              Download report
            </Button>
          )}
        </Box>
        {view === 'texts-failed' ? (
          <RetryAlert
            message={errorText(props.textsError, CONVERSION_TEXTS.failedToLoadComparison)}
            onRetry={props.onRetryTexts}
          />
        ) : view === 'analysing' ? (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}>
            <CircularProgress size={28} aria-label="Analyzing conversion quality" />
            <Box>
              <Typography>Analyzing conversion quality...</Typography>
              <Typography variant="body2" color="text.secondary">
                AI is comparing original and reconverted data
              </Typography>
            </Box>
          </Box>
        ) : view === 'premium-required' ? (
          <PremiumUpsell
            message={errorText(props.analysisError, ANALYSIS_TEXTS.premiumRequired)}
            buyCredits={props.buyCredits}
          />
        ) : view === 'failed' ? (
          <RetryAlert
            message={errorText(props.analysisError, ANALYSIS_TEXTS.comparisonFailed)}
            onRetry={props.onRetryAnalysis}
          />
        ) : view === 'done' && answer ? (
          <QualityAnalysisCard analysis={answer.analysis} onFollow={props.onFollow} />
        ) : (
          <Loading text="Loading the files to compare..." />
        )}
      </CardContent>
    </Card>
  );
}
