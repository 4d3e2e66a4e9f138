import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ANALYSIS_TEXTS, type ConversionAnalysisFields, type QualityIssue } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';

const SEVERITY_COLORS = { error: 'error', warning: 'warning', info: 'info' } as const;

function IssueItem({ issue }: { issue: QualityIssue }) {
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start', flexDirection: 'column', gap: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={issue.severity} color={SEVERITY_COLORS[issue.severity]} size="small" />
        {issue.path !== null && (
          <Typography component="span" sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 13 }}>
            {issue.path}
          </Typography>
        )}
        <Typography component="span" variant="body2" color="text.secondary">
          {formatCount(issue.count)} affected
        </Typography>
      </Box>
      <Typography variant="body2">{issue.message}</Typography>
      {issue.examples.length > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'fontFamilyMonospace' }}>
          e.g. {issue.examples.join(' · ')}
        </Typography>
      )}
    </ListItem>
  );
}

/** The data quality issues the analysis found, with its recommendations. */
export function DataQualityReport({ quality }: { quality: NonNullable<ConversionAnalysisFields['data_quality']> }) {
  if (quality.issues.length === 0) return <Alert severity="success">{ANALYSIS_TEXTS.noIssues}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <List dense disablePadding aria-label="Data quality issues">
        {quality.issues.map((issue) => (
          <IssueItem key={`${issue.kind}:${issue.path ?? ''}`} issue={issue} />
        ))}
      </List>
      <Box>
        <Typography variant="subtitle2">Recommendations</Typography>
        <List dense disablePadding>
          {quality.recommendations.map((text) => (
            <ListItem key={text} disableGutters>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
      </Box>
    </Box>
  );
}
