import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FileQualityAnalysis } from '@unnest/contracts';
import { AdviceList, VerdictChip } from '../components/comparison-advice';
import { formatScore, ScoreTile, ScoreTiles } from '../components/score-tiles';
import { formatCount } from '../lib/format-count';

/**
 * One file's analysis: the scores with the one verdict (as the comparison dialog shows it), the metrics
 * table, the issues, and the recommendations linked to the batch page's controls (spec 2.11).
 */
export function BatchFileAnalysis({ analysis, onFollow }: { analysis: FileQualityAnalysis; onFollow: () => void }) {
  const { data_integrity: integrity, structure_analysis: structure, business_impact: business } = analysis;
  const issues = analysis.issues_found;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ScoreTiles>
        <ScoreTile
          label="Quality Score"
          score={analysis.quality_score}
          caption="Overall round-trip quality"
          chip={
            <Box sx={{ mt: 0.75 }}>
              <VerdictChip verdict={analysis.conversion_reliability} />
            </Box>
          }
        />
        <ScoreTile label="Trust Score" score={analysis.trust_score} caption="Data reliability confidence" />
        <ScoreTile label="Data Integrity" score={integrity.score} caption="Field preservation rate" />
      </ScoreTiles>
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
              {formatScore(structure.structure_preservation)} structure preservation; original:{' '}
              {structure.original_structure}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell component="th" scope="row">
              Business Value
            </TableCell>
            <TableCell>
              {formatScore(business.business_value_preserved)} business value preserved;{' '}
              {formatScore(business.analysis_readiness)} analysis readiness
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
