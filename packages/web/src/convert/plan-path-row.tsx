import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { FlattenPlanDocument } from '@unnest/contracts';
import { memo } from 'react';
import { LabelledSelect } from '../components/labelled-select';
import { formatCount } from '../lib/format-count';
import { choiceOf, type EditorPath, reasonParts, strategiesFor, withStrategy } from './plan-editing';

const CODE = { fontFamily: 'fontFamilyMonospace', fontSize: '0.875em', wordBreak: 'break-all' } as const;

/** The proposal's reason as words, with the paths and columns it names set as code (never raw backquotes). */
export function PlanReason({ reason }: { reason: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {reasonParts(reason).map((part, index) =>
        part.code ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
          <Box component="code" key={index} sx={CODE}>
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </Typography>
  );
}

/** What the profile saw at a path: "a list, 783 columns as it is". */
function seenText(entry: EditorPath): string | null {
  if (entry.holds === null) return null;
  const columns =
    entry.columns === null
      ? ''
      : `, ${formatCount(entry.columns)} ${entry.columns === 1 ? 'column' : 'columns'} as it is`;
  return `Holds ${entry.holds}${columns}.`;
}

/**
 * One path of the plan editor: its choice, its name, what it holds, and the proposal's reason. Memoized: typing
 * in the search re-renders the list, not the rows it keeps (each checks the plan for the table choice).
 */
export const PlanPathRow = memo(function PlanPathRow(props: {
  id: string;
  entry: EditorPath;
  plan: FlattenPlanDocument;
  proposed: FlattenPlanDocument;
  onPlan: (plan: FlattenPlanDocument) => void;
  disabled: boolean;
}) {
  const { id, entry, plan, proposed, onPlan, disabled } = props;
  const choice = choiceOf(plan, entry.path);
  const seen = seenText(entry);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <LabelledSelect
        id={id}
        label={`Strategy for ${entry.path}`}
        value={choice}
        options={strategiesFor(plan, entry.path)}
        onChange={(strategy) => onPlan(withStrategy(plan, entry.path, strategy))}
        disabled={disabled}
        minWidth={260}
      />
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Typography variant="body2" component="div" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box component="code" sx={CODE}>
            {entry.path}
          </Box>
          {choice !== choiceOf(proposed, entry.path) && <Chip size="small" label="Changed" variant="outlined" />}
        </Typography>
        {seen && (
          <Typography variant="body2" color="text.secondary">
            {seen}
          </Typography>
        )}
        {entry.reason && <PlanReason reason={entry.reason} />}
      </Box>
    </Box>
  );
});
