import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FlattenPlanDocument, FlattenPlanResponse } from '@unnest/contracts';
import { Fragment } from 'react';
import type { ConversionChoices } from '../components/conversion-options';
import ResultPreview from '../components/result-preview';
import { formatCount } from '../lib/format-count';
import { formatBytes } from '../lib/format-size';
import { LOCAL_PREVIEW_MAX_BYTES } from './local-preview';
import { tablePaths } from './plan-editing';
import type { PlanPreviewState } from './use-flatten-plan';

/** The columns without a plan, and with it (counted on the preview once it is made). */
export function columnSummary(response: FlattenPlanResponse, preview: PlanPreviewState): string {
  const before = `${formatCount(response.columns.before)} columns without a plan`;
  if (preview.status === 'ready') return `${before}; ${formatCount(preview.preview.columns)} with this plan.`;
  return `${before}; about ${formatCount(response.columns.after)} with the proposed plan.`;
}

/** What a plan with own tables gives: the paths that leave the main table, and the file the result is. */
export function RelationalNotice(props: {
  plan: FlattenPlanDocument;
  outputFormat: ConversionChoices['outputFormat'];
}) {
  const paths = tablePaths(props.plan);
  const result =
    props.outputFormat === 'xlsx'
      ? 'an XLSX workbook with a sheet per table'
      : `a ZIP of linked ${props.outputFormat === 'tsv' ? 'TSV' : 'CSV'} tables (with the plan inside, so that CSV to JSON reads it back)`;
  return (
    <Alert severity="info">
      {paths.length === 1 ? 'This path goes to a table of its own' : 'These paths go to tables of their own'}, each row
      linked to its parent row by id:{' '}
      {paths.map((path, index) => (
        <Fragment key={path}>
          {index > 0 && ', '}
          <code>{path}</code>
        </Fragment>
      ))}
      . The result is {result}.
    </Alert>
  );
}

/** The first rows under the plan, made in the browser for inputs it can read. */
export function PreviewUnderPlan({ preview, sampleShown }: { preview: PlanPreviewState; sampleShown: boolean }) {
  if (!sampleShown) {
    return (
      <Typography variant="body2" color="text.secondary">
        The preview reads inputs up to {formatBytes(LOCAL_PREVIEW_MAX_BYTES)}; the plan still applies to the whole file.
      </Typography>
    );
  }
  if (preview.status === 'failed') return <Alert severity="warning">Preview unavailable: {preview.message}</Alert>;
  if (preview.status === 'loading') return <Typography variant="body2">Making the preview...</Typography>;
  const { tables } = preview.preview;
  if (tables.length === 0)
    return <ResultPreview text={preview.preview.csv} kind="csv" label="Preview under this plan" />;
  return (
    <Box>
      <ResultPreview text={preview.preview.csv} kind="csv" label="Preview of the main table under this plan" />
      <Typography variant="body2" sx={{ mt: 1 }}>
        Own tables:{' '}
        {tables
          .map((table) => `${table.file} (${formatCount(table.rows)} ${table.rows === 1 ? 'row' : 'rows'})`)
          .join(', ')}
        .
      </Typography>
    </Box>
  );
}
