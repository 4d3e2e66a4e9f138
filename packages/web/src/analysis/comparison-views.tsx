import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import { errorText } from '../lib/api-error';
import { saveFile } from '../lib/save-file';
import { Loading, Preview, RetryAlert, TextTab } from './comparison-parts';
import type { ComparedTexts, ComparisonTab } from './comparison-state';
import { downloadName } from './comparison-texts';

/** The CSV read back to JSON, as far as it has come. */
export interface Reconverted {
  data: string | undefined;
  isError: boolean;
  error: unknown;
}

/** The compared texts, side by side or one per tab, each whole one with its download. */
export function ComparisonViews(props: {
  tab: ComparisonTab;
  onTab: (tab: ComparisonTab) => void;
  texts: ComparedTexts;
  reconverted: Reconverted;
  onRetryReconvert: () => void;
}) {
  const { tab, texts, reconverted } = props;
  const { original, csv, filename } = texts;
  return (
    <Box sx={{ flexShrink: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, next: ComparisonTab) => props.onTab(next)}
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
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
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
            downloadLabel={texts.csvName}
            onDownload={() => saveFile(new Blob([csv], { type: 'text/csv' }), texts.csvName)}
          />
        ))}
      {tab === 'reconverted' &&
        (reconverted.isError ? (
          <RetryAlert
            message={errorText(reconverted.error, CONVERSION_TEXTS.failedToReconvert)}
            onRetry={props.onRetryReconvert}
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
  );
}
