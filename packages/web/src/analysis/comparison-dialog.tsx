import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ANALYSIS_TEXTS, CONVERSION_TEXTS, type CompareAnalysisBody } from '@unnest/contracts';
import { useState } from 'react';
import { ApiError, errorText } from '../lib/api-error';
import { saveFile } from '../lib/save-file';
import { useCompareAnalysis } from './api/compare-analysis';
import { useCompareData } from './api/get-compare-data';
import { useReconvertedJson } from './api/reconvert-csv';
import { Loading, Preview, RetryAlert, TextTab } from './comparison-parts';
import type { ComparisonSource } from './comparison-source';
import { downloadName } from './comparison-texts';
import { PremiumUpsell } from './premium-upsell';
import { QualityAnalysisCard } from './quality-analysis-card';

type TabName = 'side-by-side' | 'original' | 'converted' | 'reconverted';

/**
 * The AI-Powered File Comparison dialog (spec 2.5): the computed quality analysis with its evidence,
 * and the original JSON, the CSV and the JSON read back from it. The analysis starts by itself once
 * the CSV is there; when it fails, the error and a Retry are shown, never a default score.
 */
export function ComparisonDialog(props: { open: boolean; source: ComparisonSource | null; onClose: () => void }) {
  const { open, source } = props;
  const [tab, setTab] = useState<TabName>('side-by-side');
  const fileId = source?.kind === 'file' ? source.fileId : null;
  const stored = useCompareData(fileId, open);
  const original = source?.kind === 'text' ? source.originalJson : stored.data?.original_json;
  const csv = source?.kind === 'text' ? source.csv : stored.data?.converted_csv;
  const filename = source?.filename ?? 'data.json';
  const key = source?.key ?? '';
  const plan = source?.kind === 'text' ? source.plan : stored.data?.plan;
  // Read back with the options the CSV was written with (its plan, and the guard undone if it has one).
  const excelSafe = source?.kind === 'text' ? source.excelSafe : stored.data?.excel_safe === true;
  const reconverted = useReconvertedJson(key, open ? csv : undefined, filename, { plan, excelSafe });
  const body: CompareAnalysisBody | undefined =
    !open || !source || csv === undefined
      ? undefined
      : source.kind === 'file'
        ? { file_id: source.fileId }
        : {
            original_json: source.originalJson,
            csv_data: source.csv,
            filename,
            excel_safe: source.excelSafe,
            ...(source.plan ? { plan: source.plan } : {}),
          };
  const analysis = useCompareAnalysis(key, body);
  const premiumRequired = analysis.error instanceof ApiError && analysis.error.status === 403;

  function downloadReport() {
    if (!analysis.data) return;
    saveFile(
      new Blob([JSON.stringify(analysis.data, null, 2)], { type: 'application/json' }),
      downloadName('comparison_', filename),
    );
  }

  return (
    <Dialog open={open} onClose={props.onClose} fullWidth maxWidth="lg" aria-labelledby="comparison-title">
      <DialogTitle id="comparison-title" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        AI-Powered File Comparison
        <Chip label="Premium Feature" color="secondary" size="small" />
        <Typography component="span" color="text.secondary" sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 14 }}>
          {source ? filename : ''}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {!source && (
          <Alert severity="info">
            Convert a JSON file (or JSON text) to CSV first: the comparison checks that CSV against your original.
          </Alert>
        )}
        {source && (
          // Flex items shrink by default: the card must keep its full height and let the dialog scroll.
          <Card sx={{ flexShrink: 0 }}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Typography variant="h6" component="h3">
                  AI Quality Analysis
                </Typography>
                {analysis.data && (
                  <Button size="small" startIcon={<Download />} onClick={downloadReport} sx={{ ml: 'auto' }}>
                    Download report
                  </Button>
                )}
              </Box>
              {stored.isError ? (
                <RetryAlert
                  message={errorText(stored.error, CONVERSION_TEXTS.failedToLoadComparison)}
                  onRetry={() => void stored.refetch()}
                />
              ) : analysis.isFetching ? (
                <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}>
                  <CircularProgress size={28} />
                  <Box>
                    <Typography>Analyzing conversion quality...</Typography>
                    <Typography variant="body2" color="text.secondary">
                      AI is comparing original and reconverted data
                    </Typography>
                  </Box>
                </Box>
              ) : premiumRequired ? (
                <PremiumUpsell message={errorText(analysis.error, ANALYSIS_TEXTS.premiumRequired)} />
              ) : analysis.isError ? (
                <RetryAlert
                  message={errorText(analysis.error, ANALYSIS_TEXTS.comparisonFailed)}
                  onRetry={() => void analysis.refetch()}
                />
              ) : analysis.data ? (
                <QualityAnalysisCard analysis={analysis.data.analysis} onFollow={props.onClose} />
              ) : (
                <Loading text="Loading the files to compare..." />
              )}
            </CardContent>
          </Card>
        )}
        {source && (
          <Box sx={{ flexShrink: 0 }}>
            <Tabs
              value={tab}
              onChange={(_, next: TabName) => setTab(next)}
              variant="scrollable"
              aria-label="Comparison views"
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              <Tab value="side-by-side" label="Side-by-Side View" />
              <Tab value="original" label="Original JSON" />
              <Tab value="converted" label="Converted CSV" />
              <Tab value="reconverted" label="Reconverted JSON" />
            </Tabs>
            {tab === 'side-by-side' && (
              <Box
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
              >
                <Preview title="Original JSON" text={original} />
                <Preview title="Converted CSV" text={csv} />
                <Preview title="Reconverted JSON" text={reconverted.data} />
              </Box>
            )}
            {tab === 'original' &&
              (original === undefined ? (
                <Loading text="Loading..." />
              ) : (
                <TextTab
                  label="Original JSON"
                  text={original}
                  downloadLabel={downloadName('original_', filename)}
                  onDownload={() =>
                    saveFile(new Blob([original], { type: 'application/json' }), downloadName('original_', filename))
                  }
                />
              ))}
            {tab === 'converted' &&
              (csv === undefined ? (
                <Loading text="Loading..." />
              ) : (
                <TextTab
                  label="Converted CSV"
                  text={csv}
                  downloadLabel={stored.data?.filename ?? filename.replace(/\.json$/i, '.csv')}
                  onDownload={() =>
                    saveFile(
                      new Blob([csv], { type: 'text/csv' }),
                      stored.data?.filename ?? filename.replace(/\.json$/i, '.csv'),
                    )
                  }
                />
              ))}
            {tab === 'reconverted' &&
              (reconverted.isError ? (
                <RetryAlert
                  message={errorText(reconverted.error, CONVERSION_TEXTS.failedToReconvert)}
                  onRetry={() => void reconverted.refetch()}
                />
              ) : reconverted.data === undefined ? (
                <Loading text="Reading the CSV back to JSON..." />
              ) : (
                <TextTab
                  label="Reconverted JSON"
                  text={reconverted.data}
                  downloadLabel={downloadName('reconverted_', filename)}
                  onDownload={() =>
                    saveFile(
                      new Blob([reconverted.data ?? ''], { type: 'application/json' }),
                      downloadName('reconverted_', filename),
                    )
                  }
                />
              ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
