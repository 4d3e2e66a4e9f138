import AutoAwesome from '@mui/icons-material/AutoAwesome';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AiAnalysis,
  ANALYSIS_TEXTS,
  type ConversionAnalysisFields,
  type FieldSchema,
  type QualityIssue,
  type SmartHeader,
} from '@unnest/contracts';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format-count';

const SEVERITY_COLORS = { error: 'error', warning: 'warning', info: 'info' } as const;

function SmartColumnNames({ headers }: { headers: SmartHeader[] }) {
  if (headers.length === 0) return <Typography color="text.secondary">The file has no columns.</Typography>;
  return (
    <List dense disablePadding aria-label="Smart column names">
      {headers.map((header) => (
        <ListItem key={header.column} disableGutters>
          <ListItemText
            primary={
              <>
                <Typography component="span" color="text.secondary" sx={{ mr: 1 }}>
                  Column {header.column}:
                </Typography>
                <span>{header.name}</span>
                {header.source === 'model' && <Chip label="model" size="small" sx={{ ml: 1 }} />}
              </>
            }
            secondary={
              <>
                <Typography component="span" sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 12 }}>
                  {header.path}
                </Typography>
                {header.description ? ` — ${header.description}` : ''}
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

function evidenceOf(field: FieldSchema): string {
  const parts = [`${formatCount(field.distinct)}${field.distinct_exact ? '' : ' (est.)'} distinct`];
  if (field.nulls > 0) parts.push(`${formatCount(field.nulls)} null`);
  if (field.missing > 0) parts.push(`${formatCount(field.missing)} missing`);
  if (field.empty > 0) parts.push(`${formatCount(field.empty)} empty`);
  if (field.min_value !== undefined) parts.push(`${field.min_value} to ${field.max_value}`);
  return parts.join(', ');
}

function SchemaAnalysis({ analysis }: { analysis: AiAnalysis }) {
  const facts = [
    `${formatCount(analysis.fields.length)} fields detected`,
    `Complexity: ${analysis.estimated_complexity}`,
    `Maximum depth: ${analysis.max_depth} ${analysis.max_depth === 1 ? 'level' : 'levels'}`,
    `${formatCount(analysis.data_quality_issues.length)} quality ${analysis.data_quality_issues.length === 1 ? 'issue' : 'issues'}`,
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {facts.map((fact) => (
          <Chip key={fact} label={fact} variant="outlined" />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {formatCount(analysis.records)} records; {analysis.complexity_reason}
      </Typography>
      {analysis.limits.map((limit) => (
        <Alert key={limit} severity="info">
          {limit}
        </Alert>
      ))}
      <TableContainer sx={{ maxHeight: 360 }}>
        <Table size="small" stickyHeader aria-label="Fields">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Evidence</TableCell>
              <TableCell>Examples</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {analysis.fields.map((field) => (
              <TableRow key={field.path}>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace' }}>{field.path}</TableCell>
                <TableCell>{field.type}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{evidenceOf(field)}</TableCell>
                <TableCell sx={{ fontFamily: 'fontFamilyMonospace', fontSize: 12, wordBreak: 'break-all' }}>
                  {field.examples.join(' · ')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

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

function DataQualityReport({ quality }: { quality: NonNullable<ConversionAnalysisFields['data_quality']> }) {
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

function Section(props: { title: string; summary: string; children: ReactNode; defaultExpanded?: boolean }) {
  return (
    <Accordion disableGutters defaultExpanded={props.defaultExpanded} variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography sx={{ fontWeight: 600, mr: 1.5 }}>{props.title}</Typography>
        <Typography color="text.secondary">{props.summary}</Typography>
      </AccordionSummary>
      <AccordionDetails>{props.children}</AccordionDetails>
    </Accordion>
  );
}

/**
 * The AI-Powered Analysis card of a premium conversion (spec 2.4): smart column names, the schema and
 * the data quality report, each from the server's analysis of the file.
 */
export function AiAnalysisCard({ result }: { result: ConversionAnalysisFields }) {
  const analysis = result.ai_analysis;
  if (!analysis) return null;
  const failed = 'error' in analysis;
  return (
    <Card aria-label="AI-Powered Analysis" component="section">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <AutoAwesome color="secondary" />
          <Typography variant="h6" component="h2">
            AI-Powered Analysis
          </Typography>
          <Chip label="Premium Feature" color="secondary" size="small" />
        </Box>
        <Box>
          <Section
            title="Smart Column Names"
            summary={result.smart_headers ? `${formatCount(result.smart_headers.length)} columns` : 'not available'}
          >
            {result.smart_headers ? (
              <SmartColumnNames headers={result.smart_headers} />
            ) : (
              <Typography color="text.secondary">Not available: the analysis failed.</Typography>
            )}
          </Section>
          <Section
            title="Schema Analysis"
            summary={
              failed ? 'failed' : `${formatCount(analysis.fields.length)} fields, ${analysis.estimated_complexity}`
            }
            defaultExpanded
          >
            {failed ? (
              <Alert severity="warning">Schema analysis failed: {analysis.error}</Alert>
            ) : (
              <SchemaAnalysis analysis={analysis} />
            )}
          </Section>
          <Section
            title="Data Quality Report"
            summary={
              result.data_quality
                ? `${formatCount(result.data_quality.issues.length)} ${result.data_quality.issues.length === 1 ? 'issue' : 'issues'}`
                : 'not available'
            }
            defaultExpanded
          >
            {result.data_quality ? (
              <DataQualityReport quality={result.data_quality} />
            ) : (
              <Typography color="text.secondary">Not available: the analysis failed.</Typography>
            )}
          </Section>
        </Box>
      </CardContent>
    </Card>
  );
}
