import AccountTree from '@mui/icons-material/AccountTree';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FlattenPlanDocument, FlattenPlanResponse } from '@unnest/contracts';
import { useEffect, useRef, useState } from 'react';
import { LabelledSelect } from '../components/labelled-select';
import ResultPreview from '../components/result-preview';
import type { ConversionChoices } from '../convert/conversion-settings';
import { LOCAL_PREVIEW_MAX_BYTES } from '../convert/local-preview';
import { errorText } from '../lib/api-error';
import { formatBytes } from '../lib/format-size';
import { proposePlan } from './api/propose-plan';
import { hasTables, strategiesFor, tablePaths, withStrategy } from './plan-editing';
import { type PlanPreview, previewUnderPlan } from './plan-preview';
import { WideTableChoice } from './wide-table-choice';

/**
 * `upFront`: proposed unasked, as soon as the input was chosen, because the plain table would be wider than
 * WIDE_TABLE_COLUMNS; the panel then asks whether to apply it or convert plainly.
 */
type Proposal =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; response: FlattenPlanResponse; upFront: boolean };
type Preview =
  | { status: 'loading' }
  | { status: 'ready'; preview: PlanPreview }
  | { status: 'failed'; message: string };

const count = (n: number) => n.toLocaleString('en-US');

/** A plain table wider than this is hard to read: the proposal is shown up front, applied unless declined. */
export const WIDE_TABLE_COLUMNS = 60;
/** Pasted text is proposed for once typing has paused this long (a file at once). */
const TYPING_PAUSE_MS = 600;

/** The JSON text the preview reads: pasted text, or a file small enough to read in the browser. */
async function previewInput(input: File | string): Promise<string | null> {
  if (typeof input === 'string') return input;
  return input.size <= LOCAL_PREVIEW_MAX_BYTES ? input.text() : null;
}

/**
 * The converter's "Flattening plan" panel for JSON input: the server's proposal (a strategy per path and
 * why), editable path by path, beside a preview of the first rows under the edited plan made in the browser.
 * `onPlan` receives the plan the conversion should use, or null for none.
 */
export function FlattenPlanPanel(props: {
  input: File | string;
  choices: Pick<ConversionChoices, 'arrays' | 'outputFormat'>;
  disabled: boolean;
  onPlan: (plan: FlattenPlanDocument | null) => void;
}) {
  const { input, choices, disabled, onPlan } = props;
  const [proposal, setProposal] = useState<Proposal>({ status: 'idle' });
  const [plan, setPlan] = useState<FlattenPlanDocument | null>(null);
  const [used, setUsed] = useState(true);
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const [sample, setSample] = useState<string | null>(null);
  const [recordsPath, setRecordsPath] = useState('');
  const [ownTables, setOwnTables] = useState(false);

  useEffect(() => {
    onPlan(plan !== null && used ? plan : null);
  }, [plan, used, onPlan]);

  useEffect(() => {
    let current = true;
    previewInput(input).then((text) => current && setSample(text));
    return () => {
      current = false;
    };
  }, [input]);

  useEffect(() => {
    if (plan === null || sample === null) return;
    let current = true;
    setPreview({ status: 'loading' });
    previewUnderPlan(sample, plan, choices).then(
      (made) => current && setPreview({ status: 'ready', preview: made }),
      (error: unknown) =>
        current &&
        setPreview({ status: 'failed', message: error instanceof Error ? error.message : 'The preview failed' }),
    );
    return () => {
      current = false;
    };
  }, [plan, sample, choices]);

  // Whether the proposal shown came unasked (for this input) or by hand (then it stays until asked again).
  const shownUnasked = useRef(false);
  const askedByHand = useRef(false);

  // Every new input is profiled (a sample, on the server); a wide one gets its proposal shown at once.
  useEffect(() => {
    if (shownUnasked.current) {
      // Edited text: the proposal shown was for the text before.
      shownUnasked.current = false;
      setProposal({ status: 'idle' });
      setPlan(null);
    }
    const stop = new AbortController();
    const timer = setTimeout(
      () => {
        proposePlan(input, '', false, stop.signal).then(
          (response) => {
            if (stop.signal.aborted || askedByHand.current || response.columns.before <= WIDE_TABLE_COLUMNS) return;
            shownUnasked.current = true;
            setProposal({ status: 'ready', response, upFront: true });
            setPlan(response.plan);
            setUsed(true);
          },
          // Nothing to show unasked: the button still proposes, and the conversion says what is wrong with the input.
          () => {},
        );
      },
      typeof input === 'string' ? TYPING_PAUSE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [input]);

  async function propose() {
    askedByHand.current = true;
    shownUnasked.current = false;
    setProposal({ status: 'loading' });
    try {
      const response = await proposePlan(input, recordsPath, ownTables);
      setProposal({ status: 'ready', response, upFront: false });
      setPlan(response.plan);
      setUsed(true);
    } catch (error) {
      setProposal({ status: 'failed', message: errorText(error, 'The flattening plan could not be proposed') });
    }
  }

  const ready = proposal.status === 'ready' ? proposal.response : null;
  const upFront = proposal.status === 'ready' && proposal.upFront;
  return (
    <Box component="section" aria-labelledby="flatten-plan-title">
      <Typography id="flatten-plan-title" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Flattening plan
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Choose per path how nested data becomes columns: maps and long lists in one cell instead of hundreds of columns.
        Unnest proposes a plan from the first records; change any path and see the first rows change.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label="Records path (optional)"
          value={recordsPath}
          onChange={(event) => setRecordsPath(event.target.value)}
          helperText="Where the records are, e.g. features or css.properties"
          disabled={disabled}
          sx={{ minWidth: 300 }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <FormControlLabel
          control={<Checkbox checked={ownTables} onChange={(event) => setOwnTables(event.target.checked)} />}
          label="Lists and maps of records in tables of their own"
          disabled={disabled}
        />
        <Button
          variant="outlined"
          startIcon={<AccountTree />}
          onClick={propose}
          disabled={disabled || proposal.status === 'loading'}
          sx={{ mt: 0.25 }}
        >
          {proposal.status === 'loading'
            ? 'Proposing...'
            : ready && !upFront
              ? 'Propose again'
              : 'Propose a flattening plan'}
        </Button>
      </Box>
      {proposal.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {proposal.message}
        </Alert>
      )}
      {ready && plan && (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {upFront && <WideTableChoice response={ready} used={used} onUsed={setUsed} disabled={disabled} />}
          <Typography role="status" aria-live="polite" variant="body2">
            {columnSummary(ready, preview)}
          </Typography>
          {ready.sample.sampled && (
            <Typography variant="body2" color="text.secondary">
              Proposed from a sample: the first {count(ready.sample.records)} records.
            </Typography>
          )}
          {!upFront && (
            <FormControlLabel
              control={<Checkbox checked={used} onChange={(event) => setUsed(event.target.checked)} />}
              label="Convert with this plan"
              disabled={disabled}
            />
          )}
          {plan.paths.length === 0 ? (
            <Typography variant="body2">Every path keeps the default: nothing to change.</Typography>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Strategies per path">
              {plan.paths.map((entry, index) => (
                <Box component="li" key={entry.path} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <LabelledSelect
                    id={`plan-strategy-${index}`}
                    label={`Strategy for ${entry.path}`}
                    value={entry.strategy}
                    options={strategiesFor(plan, entry.path)}
                    onChange={(strategy) => setPlan(withStrategy(plan, entry.path, strategy))}
                    disabled={disabled || !used}
                    minWidth={260}
                  />
                  <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontFamily: 'fontFamilyMonospace', wordBreak: 'break-all' }}>
                      {entry.path}
                    </Typography>
                    {ready.plan.paths[index]?.reason && (
                      <Typography variant="body2" color="text.secondary">
                        {ready.plan.paths[index]?.reason}
                      </Typography>
                    )}
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
          {used && hasTables(plan) && <RelationalNotice plan={plan} outputFormat={choices.outputFormat} />}
          <PreviewUnderPlan preview={preview} sampleShown={sample !== null} />
        </Stack>
      )}
    </Box>
  );
}

function columnSummary(response: FlattenPlanResponse, preview: Preview): string {
  const before = `${count(response.columns.before)} columns without a plan`;
  if (preview.status === 'ready') return `${before}; ${count(preview.preview.columns)} with this plan.`;
  return `${before}; about ${count(response.columns.after)} with the proposed plan.`;
}

/** What a plan with own tables gives: the paths that leave the main table, and the file the result is. */
function RelationalNotice(props: { plan: FlattenPlanDocument; outputFormat: ConversionChoices['outputFormat'] }) {
  const paths = tablePaths(props.plan);
  const result =
    props.outputFormat === 'xlsx'
      ? 'an XLSX workbook with a sheet per table'
      : `a ZIP of linked ${props.outputFormat === 'tsv' ? 'TSV' : 'CSV'} tables (with the plan inside, so that CSV to JSON reads it back)`;
  return (
    <Alert severity="info">
      {paths.length === 1 ? 'This path goes to a table of its own' : 'These paths go to tables of their own'}, each row
      linked to its parent row by id: {paths.join(', ')}. The result is {result}.
    </Alert>
  );
}

function PreviewUnderPlan({ preview, sampleShown }: { preview: Preview; sampleShown: boolean }) {
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
        {tables.map((table) => `${table.file} (${count(table.rows)} ${table.rows === 1 ? 'row' : 'rows'})`).join(', ')}.
      </Typography>
    </Box>
  );
}
