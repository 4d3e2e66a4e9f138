import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { QUICK_CONVERT_MAX_BYTES, QUICK_CONVERT_PER_DAY } from '@unnest/contracts';
import { lazy, Suspense } from 'react';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { formatBytes } from '../lib/format-size';
import type { QuickConvertStanding } from './api/convert-simple';
import { nextConversionText } from './quick-convert-standing';
import { LIVE_MAX_BYTES, problemText, waitingText } from './quick-convert-state';
import { QuickInput } from './quick-input';
import { useQuickConvert } from './use-quick-convert';

// What shows results loads once there is input (the landing page's first load stays small); the table
// brings the engine to the page, so it loads only once there is something to show.
const QuickOutput = lazy(() => import('./quick-output').then((module) => ({ default: module.QuickOutput })));
const QuickFormulaGuardNotice = lazy(() =>
  import('./quick-formula-guard-notice').then((module) => ({ default: module.QuickFormulaGuardNotice })),
);
const ResultPreview = lazy(() => import('../components/result-preview'));

/** The limit reached, as a sentence, with a link that opens sign-in. */
function LimitReached({ standing }: { standing: QuickConvertStanding }) {
  const openAuthDialog = useOpenAuthDialog();
  return (
    <Alert severity="warning">
      You have used the {standing.limit} free quick conversions of the last 24 hours. The next one comes back{' '}
      {nextConversionText(standing, new Date())}.{' '}
      <Link component="button" type="button" variant="body2" onClick={() => openAuthDialog('signin')}>
        Sign in
      </Link>{' '}
      to convert more.
    </Alert>
  );
}

/**
 * Quick convert, no account needed (spec section 2.10, both ways): small inputs convert as you type in the
 * browser, free; Convert sends the input to the server, which counts it (3 a day) and gives the download.
 */
export function QuickConvert() {
  const controls = useQuickConvert();
  const { state, limited } = controls;
  const { result, problem, standing } = state;
  const waiting = (
    <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
      {waitingText(state.direction)}
    </Typography>
  );
  return (
    <Card
      component="section"
      aria-labelledby="quick-convert-title"
      sx={{ boxShadow: (theme) => (theme.palette.mode === 'light' ? '0 12px 32px rgba(15, 23, 42, 0.08)' : 'none') }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" id="quick-convert-title">
            Quick convert
          </Typography>
          <Typography variant="body2" color="text.secondary">
            JSON to CSV or CSV to JSON, no account needed. Up to {formatBytes(LIVE_MAX_BYTES)} converts as you type, in
            your browser, for free; Convert sends it to the server for the download: up to{' '}
            {formatBytes(QUICK_CONVERT_MAX_BYTES)}, {QUICK_CONVERT_PER_DAY} a day.
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
            <QuickInput controls={controls} />
            {state.notice && <Alert severity="error">{state.notice}</Alert>}
            {state.fileNote && <Alert severity="warning">{state.fileNote}</Alert>}
            {problem && <Alert severity="error">{problemText(state.direction, problem)}</Alert>}
            {limited && standing !== undefined ? (
              <LimitReached standing={standing} />
            ) : (
              state.serverError && <Alert severity="error">{state.serverError}</Alert>
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {state.input === '' && result === undefined ? (
              waiting
            ) : (
              <Suspense fallback={waiting}>
                <QuickOutput state={state} limited={limited} />
              </Suspense>
            )}
          </Box>
        </Box>
        {result?.direction === 'json-to-csv' && <QuickFormulaGuardNotice summary={result.formulaGuard} />}
        {result?.warnings.map((warning) => (
          <Alert key={warning} severity="warning">
            {warning}
          </Alert>
        ))}
        {result !== undefined && (
          <Suspense fallback={null}>
            <ResultPreview text={result.table} kind="csv" />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
