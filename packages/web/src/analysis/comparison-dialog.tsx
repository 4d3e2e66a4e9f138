import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { saveFile } from '../lib/save-file';
import { ComparisonAnalysisPanel } from './comparison-analysis-panel';
import type { ComparisonSource } from './comparison-source';
import { downloadName } from './comparison-texts';
import { ComparisonViews } from './comparison-views';
import { useComparison } from './use-comparison';

/** What the page showing the comparison gives it. */
export interface ComparisonDialogProps {
  open: boolean;
  source: ComparisonSource | null;
  onClose: () => void;
  /**
   * The control that buys credits (one pays for one analysis), shown when the analysis needs premium.
   * Buying is the payments feature's: the page in `app/` that composes the dialog passes its button.
   */
  buyCredits: ReactNode;
}

/**
 * The AI-Powered File Comparison dialog (spec 2.5): the computed quality analysis with its evidence,
 * and the original JSON, the CSV and the JSON read back from it. The analysis starts by itself once
 * the CSV is there; when it fails, the error and a Retry are shown, never a default score.
 */
export function ComparisonDialog(props: ComparisonDialogProps) {
  const { open, source } = props;
  const { state, dispatch, stored, texts, reconverted, analysis, view } = useComparison(open, source);

  function downloadReport() {
    if (!analysis.data) return;
    saveFile(
      new Blob([JSON.stringify(analysis.data, null, 2)], { type: 'application/json' }),
      downloadName('comparison_', texts.filename),
    );
  }

  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="lg" aria-labelledby="comparison-title">
      <DialogTitle id="comparison-title" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        AI-Powered File Comparison
        <Chip label="Premium Feature" color="secondary" size="small" />
        <Typography component="span" color="text.secondary" sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 14 }}>
          {source ? texts.filename : ''}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {!source && (
          <Alert severity="info">
            Convert a JSON file (or JSON text) to CSV first: the comparison checks that CSV against your original.
          </Alert>
        )}
        {source && (
          <ComparisonAnalysisPanel
            view={view}
            answer={analysis.data}
            textsError={stored.error}
            analysisError={analysis.error}
            onRetryTexts={() => void stored.refetch()}
            onRetryAnalysis={() => void analysis.refetch()}
            onDownloadReport={downloadReport}
            onFollow={props.onClose}
            buyCredits={props.buyCredits}
          />
        )}
        {source && (
          <ComparisonViews
            tab={state.tab}
            onTab={(tab) => dispatch({ type: 'tab-chosen', tab })}
            texts={texts}
            reconverted={reconverted}
            onRetryReconvert={() => void reconverted.refetch()}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
