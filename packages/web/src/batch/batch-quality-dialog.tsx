import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type BatchFile, type FileQualityAnalysis, qualityScoreBand } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { AdviceList, VerdictChip } from '../components/comparison-advice';
import { LabelledSelect } from '../components/labelled-select';
import { formatCount } from '../lib/format-count';

/** A file of the job with its stored analysis. */
export type AnalysedFile = BatchFile & { quality: FileQualityAnalysis };

const percentText = (value: number | null) => (value === null ? 'Nothing to compare' : `${value.toFixed(1)}%`);

function Score(props: { label: string; value: number | null; caption: string; chip?: ReactNode }) {
  const color = props.value === null ? 'text.secondary' : `${qualityScoreBand(props.value)}.main`;
  return (
    <Box role="group" aria-label={props.label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="caption" color="text.secondary">
        {props.label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color }}>
        {percentText(props.value)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {props.caption}
      </Typography>
      {props.chip}
    </Box>
  );
}

/**
 * One file's analysis: the scores with the one verdict (as the comparison dialog shows it), the metrics
 * table, the issues, and the recommendations linked to the batch page's controls (spec 2.11).
 */
function FileAnalysis({ analysis, onFollow }: { analysis: FileQualityAnalysis; onFollow: () => void }) {
  const { data_integrity: integrity, structure_analysis: structure, business_impact: business } = analysis;
  const issues = analysis.issues_found;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
        <Score
          label="Quality Score"
          value={analysis.quality_score}
          caption="Overall round-trip quality"
          chip={
            <Box sx={{ mt: 0.75 }}>
              <VerdictChip verdict={analysis.conversion_reliability} />
            </Box>
          }
        />
        <Score label="Trust Score" value={analysis.trust_score} caption="Data reliability confidence" />
        <Score label="Data Integrity" value={integrity.score} caption="Field preservation rate" />
      </Box>
      <Table size="small" aria-label="Quality metrics">
        <TableHead>
          <TableRow>
            <TableCell>Metric</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell component="th" scope="row">
              Field Preservation
            </TableCell>
            <TableCell>
              {formatCount(integrity.preserved_fields)} preserved, {formatCount(integrity.lost_fields)} lost,{' '}
              {formatCount(integrity.gained_fields)} gained
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Structure Quality
            </TableCell>
            <TableCell>
              {percentText(structure.structure_preservation)} structure preservation; original:{' '}
              {structure.original_structure}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Business Value
            </TableCell>
            <TableCell>
              {percentText(business.business_value_preserved)} business value preserved;{' '}
              {percentText(business.analysis_readiness)} analysis readiness
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Box>
        <Typography variant="subtitle2" component="h3">
          Recommendations and warnings
        </Typography>
        {issues.length === 0 && analysis.advice.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            None: nothing was lost or changed.
          </Typography>
        ) : (
          <>
            <List dense disablePadding>
              {issues.map((text) => (
                <ListItem key={text} disableGutters>
                  <ListItemText primary={text} />
                </ListItem>
              ))}
            </List>
            <AdviceList advice={analysis.advice} page="/batch" onFollow={onFollow} />
          </>
        )}
        {analysis.guarded_values > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {formatCount(analysis.guarded_values)} {analysis.guarded_values === 1 ? 'value has' : 'values have'} a ' in
            front in the CSV (Spreadsheet-safe), taken off on reading back: counted as equal.
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** AI Conversion Quality Analysis (spec 2.11): the stored analysis of one file, chosen among the analysed. */
export function BatchQualityDialog(props: {
  files: readonly AnalysedFile[];
  fileId: string | null;
  onFileId: (fileId: string) => void;
  open: boolean;
  onClose: () => void;
}) {
  const { files } = props;
  const shown = files.find((file) => file.file_id === props.fileId) ?? files[0];
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="batch-quality-title">
      <DialogTitle id="batch-quality-title">AI Conversion Quality Analysis</DialogTitle>
      <DialogContent>
        {shown ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <LabelledSelect
              id="quality-file"
              label="File"
              value={shown.file_id}
              options={files.map((file) => ({ value: file.file_id, label: file.file_name }))}
              onChange={props.onFileId}
              fullWidth
            />
            <FileAnalysis analysis={shown.quality} onFollow={props.onClose} />
          </Box>
        ) : (
          <Typography color="text.secondary">No file of this job has been analysed yet.</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
