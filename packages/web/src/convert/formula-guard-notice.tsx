import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { FormulaGuardSummary } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';

function examplesText(summary: FormulaGuardSummary): string {
  return summary.examples.map((example) => `${example.column}: ${JSON.stringify(example.value)}`).join(' and ');
}

/**
 * What Spreadsheet-safe did to this result (nothing changes data silently, DESIGN 7.16): how many cells got a
 * `'` in front, two of them, and the switch beside it. `summary` is null when the guard was off.
 */
export function FormulaGuardNotice(props: {
  summary: FormulaGuardSummary | null;
  /** The Spreadsheet-safe option as it stands now (it may differ from the one this result was made with). */
  switchedOn: boolean;
  onSwitch: (on: boolean) => void;
}) {
  const { summary, switchedOn } = props;
  const applied = summary !== null;
  const changed = summary !== null && summary.cells > 0;
  return (
    <Alert
      severity={changed ? 'info' : 'success'}
      data-testid="formula-guard-notice"
      action={
        <FormControlLabel
          control={
            <Switch
              checked={switchedOn}
              onChange={(event) => props.onSwitch(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'formula-guard-text' } }}
            />
          }
          label="Spreadsheet-safe"
          sx={{ mr: 0, whiteSpace: 'nowrap' }}
        />
      }
    >
      <Box id="formula-guard-text">
        {summary === null ? (
          <Typography variant="body2">
            Spreadsheet-safe was off: every cell is written as it is, so a spreadsheet may run a cell that starts with =
            or @ as a formula.
          </Typography>
        ) : summary.cells === 0 ? (
          <Typography variant="body2">Spreadsheet-safe changed no cell: none starts like a formula.</Typography>
        ) : (
          <>
            <Typography variant="body2">
              Spreadsheet-safe put a ' before {formatCount(summary.cells)}{' '}
              {summary.cells === 1 ? 'cell that a spreadsheet would run' : 'cells that a spreadsheet would run'} as a
              formula, for example {examplesText(summary)}. Numbers and phone numbers such as +49 30 1234567 stay as
              they are.
            </Typography>
            <Typography variant="body2">
              Converting the file back here (CSV to JSON with Undo Spreadsheet-safe, on by default) takes the ' off
              again.
            </Typography>
          </>
        )}
        {switchedOn !== applied && (
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }}>
            Convert again to {switchedOn ? 'guard' : 'write'} the cells {switchedOn ? 'with' : 'without'}{' '}
            Spreadsheet-safe.
          </Typography>
        )}
      </Box>
    </Alert>
  );
}
