import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { type Advice, RELIABILITY_VERDICTS, type ReliabilityVerdict } from '@unnest/contracts';
import { Link as RouterLink } from 'react-router';

/** The controls that fix what a piece of advice names, by the id they carry on the converter and batch pages. */
const CONTROLS: Partial<Record<NonNullable<Advice['option']>, { id: string; label: string }>> = {
  excel_safe: { id: 'spreadsheet-safe', label: 'Go to the Spreadsheet-safe option' },
  array_strategy: { id: 'arrays', label: 'Go to the Arrays option' },
};

/** The one verdict of a comparison (the same on every screen), in its band's colour. */
export function VerdictChip({ verdict }: { verdict: string }) {
  const known = RELIABILITY_VERDICTS[verdict as ReliabilityVerdict] ?? RELIABILITY_VERDICTS.nothing_to_compare;
  return (
    <Chip label={known.label} color={known.band} size="small" sx={{ alignSelf: 'flex-start' }} data-testid="verdict" />
  );
}

/**
 * Recommendations, each with a link to the control that fixes it on `page` (the converter, or the batch page
 * for a batch's files); `onFollow` runs when a link is followed (a dialog closes).
 */
export function AdviceList(props: { advice: readonly Advice[]; page: '/convert' | '/batch'; onFollow?: () => void }) {
  return (
    <List dense disablePadding>
      {props.advice.map((entry) => {
        const control = entry.option === null ? undefined : CONTROLS[entry.option];
        return (
          <ListItem key={entry.text} disableGutters>
            <ListItemText
              primary={entry.text}
              secondary={
                control && (
                  <Link component={RouterLink} to={`${props.page}#${control.id}`} onClick={props.onFollow}>
                    {control.label}
                  </Link>
                )
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
