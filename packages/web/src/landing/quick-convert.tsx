import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONVERSION_TEXTS, QUICK_CONVERT_MAX_BYTES, QUICK_CONVERT_PER_DAY } from '@unnest/contracts';
import { lazy, Suspense } from 'react';
import { errorText } from '../lib/api-error';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { formatBytes } from '../lib/format-size';
import { saveFile } from '../lib/save-file';
import type { QuickConvertStanding } from './api/convert-simple';
import { conversionsLeftText, nextConversionText } from './quick-convert-standing';
import { QuickFormulaGuardNotice } from './quick-formula-guard-notice';
import { useQuickConvert } from './use-quick-convert';

// The preview brings the engine; load it only once there is something to preview.
const ResultPreview = lazy(() => import('../components/result-preview'));

const SAMPLE = `[
  {"id": 12345678901234567890, "name": "Ada", "tags": ["math", "code"], "address": {"city": "London"}},
  {"id": 2, "name": "Grace", "price": 0.1000000000000000055, "address": {"city": "New York", "zip": "10001"}}
]`;

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
 * Paste JSON, press Convert to CSV, download the CSV: no account needed (spec section 2.10). The JSON is
 * checked in the browser first, so a typo uses none of the address's conversions; the server's answers
 * say how many are left.
 */
export function QuickConvert() {
  const { json, edit, submit, validation, standing, limited, local, convert, busy, size, tooBig } = useQuickConvert();
  return (
    <Card
      sx={{ boxShadow: (theme) => (theme.palette.mode === 'light' ? '0 12px 32px rgba(15, 23, 42, 0.08)' : 'none') }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography variant="h6" component="h2">
            Quick convert
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Paste JSON, get CSV. No account needed: up to {formatBytes(QUICK_CONVERT_MAX_BYTES)} and{' '}
            {QUICK_CONVERT_PER_DAY} conversions a day.
          </Typography>
        </Box>
        <TextField
          label="JSON"
          placeholder={SAMPLE}
          value={json}
          onChange={(event) => edit(event.target.value)}
          multiline
          minRows={8}
          maxRows={14}
          fullWidth
          error={tooBig}
          helperText={
            tooBig
              ? `${formatBytes(size)}: quick convert takes up to ${formatBytes(QUICK_CONVERT_MAX_BYTES)}. Sign in to convert bigger files.`
              : json
                ? formatBytes(size)
                : ' '
          }
          sx={{ '& .MuiInputBase-input': { fontFamily: 'fontFamilyMonospace', fontSize: 13 } }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={submit} disabled={busy || tooBig || limited}>
            {busy ? 'Converting...' : 'Convert to CSV'}
          </Button>
          {!json && (
            <Button color="inherit" onClick={() => edit(SAMPLE)}>
              Try an example
            </Button>
          )}
          {convert.data !== undefined && (
            <Button
              variant="outlined"
              startIcon={<Download />}
              onClick={() => saveFile(new Blob([convert.data.csv], { type: 'text/csv' }), 'converted.csv')}
            >
              Download CSV
            </Button>
          )}
        </Stack>
        {validation && <Alert severity="error">{validation}</Alert>}
        {limited && standing !== undefined ? (
          <LimitReached standing={standing} />
        ) : (
          convert.isError && (
            <Alert severity="error">{errorText(convert.error, CONVERSION_TEXTS.conversionFailed)}</Alert>
          )
        )}
        {standing !== undefined && !limited && (
          <Typography variant="body2" color="text.secondary">
            {conversionsLeftText(standing, new Date())}
          </Typography>
        )}
        {convert.data !== undefined && (
          <QuickFormulaGuardNotice summary={local?.csv === convert.data.csv ? local.formulaGuard : undefined} />
        )}
        {convert.data !== undefined && (
          <Suspense fallback={null}>
            <ResultPreview text={convert.data.csv} kind="csv" />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
