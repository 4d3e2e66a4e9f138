import AccountTree from '@mui/icons-material/AccountTree';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FlattenPlanDocument } from '@unnest/contracts';
import type { ConversionChoices } from '../components/conversion-options';
import { formatCount } from '../lib/format-count';
import { hasTables } from './plan-editing';
import { PlanPathList } from './plan-path-list';
import { columnSummary, PreviewUnderPlan, RelationalNotice } from './plan-preview-parts';
import { useFlattenPlan } from './use-flatten-plan';
import { WideTableChoice } from './wide-table-choice';

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
  const { proposal, plan, setPlan, used, setUsed, preview, sample, propose, ...asked } = useFlattenPlan(
    input,
    choices,
    onPlan,
  );
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
          value={asked.recordsPath}
          onChange={(event) => asked.setRecordsPath(event.target.value)}
          helperText="Where the records are, e.g. features or css.properties"
          disabled={disabled}
          sx={{ minWidth: 300 }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <FormControlLabel
          control={
            <Checkbox checked={asked.ownTables} onChange={(event) => asked.setOwnTables(event.target.checked)} />
          }
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
              Proposed from a sample: the first {formatCount(ready.sample.records)} records.
            </Typography>
          )}
          {!upFront && (
            <FormControlLabel
              control={<Checkbox checked={used} onChange={(event) => setUsed(event.target.checked)} />}
              label="Convert with this plan"
              disabled={disabled}
            />
          )}
          <PlanPathList
            plan={plan}
            proposed={ready.plan}
            profiled={ready.paths}
            onPlan={setPlan}
            disabled={disabled || !used}
          />
          {used && hasTables(plan) && <RelationalNotice plan={plan} outputFormat={choices.outputFormat} />}
          <PreviewUnderPlan preview={preview} sampleShown={sample !== null} />
        </Stack>
      )}
    </Box>
  );
}
