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
import Typography from '@mui/material/Typography';
import type { ConversionResult } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format-count';
import { DataQualityReport } from './data-quality-report';
import { SchemaAnalysis } from './schema-analysis';
import { SmartColumnNames } from './smart-column-names';
import { SmartHeaderDownload } from './smart-header-download';

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
 * The AI-Powered Analysis card of a premium conversion (spec 2.4): smart column names (with a download
 * that takes them as its header), the schema and the data quality report, each from the server's analysis.
 */
export function AiAnalysisCard({ result }: { result: ConversionResult }) {
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
              <>
                <SmartColumnNames headers={result.smart_headers} />
                {result.smart_headers.length > 0 && <SmartHeaderDownload result={result} />}
              </>
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
