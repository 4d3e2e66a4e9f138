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
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError, errorText } from '../lib/api-error';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { formatBytes } from '../lib/format-size';
import { saveFile } from '../lib/save-file';
import { useConvertSimple } from './api/convert-simple';
import {
  conversionsLeftText,
  nextConversionText,
  type QuickConvertStanding,
  standingFrom,
} from './quick-convert-standing';
import { quickJsonProblem } from './quick-json-check';

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
  const [json, setJson] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [standing, setStanding] = useState<QuickConvertStanding>();
  const convert = useConvertSimple();
  const size = new TextEncoder().encode(json).length;
  const tooBig = size > QUICK_CONVERT_MAX_BYTES;
  const limited = standing !== undefined && standing.remaining === 0;

  // The limit lifts when the next conversion comes back.
  useEffect(() => {
    if (!limited || standing === undefined) return;
    const timer = setTimeout(() => setStanding(undefined), Math.max(0, standing.nextAt.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [limited, standing]);

  function edit(value: string) {
    setJson(value);
    setValidation(null);
    convert.reset();
  }

  async function submit() {
    if (!json.trim()) {
      setValidation(CONVERSION_TEXTS.emptyQuickConvert);
      return;
    }
    setChecking(true);
    // Should the check itself fail (not the JSON), the server decides, as it would without it.
    const problem = await quickJsonProblem(json)
      .catch(() => undefined)
      .finally(() => setChecking(false));
    if (problem !== undefined) {
      setValidation(
        `This is not JSON the converter can read: ${problem}. Nothing was sent, so no conversion was used.`,
      );
      return;
    }
    convert.mutate(json, {
      onSuccess: (result) => setStanding(result.standing),
      onError: (error) => {
        if (error instanceof ApiError) setStanding(standingFrom(error.headers, new Date()) ?? standing);
      },
    });
  }

  const busy = checking || convert.isPending;
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
        {limited ? (
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
          <Suspense fallback={null}>
            <ResultPreview text={convert.data.csv} kind="csv" />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
