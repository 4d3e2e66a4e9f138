import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FormulaGuardSummary } from '@unnest/contracts';
import { GuardedCellsText } from '../components/guarded-cells-text';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';

/**
 * What Spreadsheet-safe did to the quick convert's CSV (nothing changes data silently, DESIGN 7.16). The
 * quick convert always guards, so in place of the switch a link opens sign-in, where the switch is.
 * `summary` is undefined when the browser's count is not that of the CSV the server sent (another engine
 * version): then only that the guard is on is said, no count that could be wrong.
 */
export function QuickFormulaGuardNotice({ summary }: { summary: FormulaGuardSummary | undefined }) {
  const openAuthDialog = useOpenAuthDialog();
  return (
    <Alert
      severity={summary !== undefined && summary.cells === 0 ? 'success' : 'info'}
      data-testid="formula-guard-notice"
    >
      {summary === undefined ? (
        <Typography variant="body2">
          Spreadsheet-safe put a ' before every cell that a spreadsheet would run as a formula.
        </Typography>
      ) : (
        <GuardedCellsText summary={summary} />
      )}
      <Typography variant="body2">
        Quick convert always uses Spreadsheet-safe.{' '}
        <Link component="button" type="button" variant="body2" onClick={() => openAuthDialog('signin')}>
          Sign in to switch it off
        </Link>{' '}
        or to convert the CSV back to JSON with the ' taken off.
      </Typography>
    </Alert>
  );
}
