import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FlattenPlanDocument, ProfiledPath } from '@unnest/contracts';
import { useMemo, useState } from 'react';
import { formatCount } from '../lib/format-count';
import { changedPaths, editorPaths, matchingPaths } from './plan-editing';
import { PlanPathRow } from './plan-path-row';

/** Paths shown at once: a document of thousands of paths is found by name, then shown by this many more. */
export const PATHS_PER_PAGE = 50;

function countText(shown: number, matching: number, all: number, query: string, changed: number): string {
  const paths = (count: number) => `${formatCount(count)} ${count === 1 ? 'path' : 'paths'}`;
  const found = query.trim() === '' ? paths(all) : `${paths(matching)} of ${formatCount(all)} hold "${query.trim()}"`;
  const listed = shown < matching ? `${found}; the first ${formatCount(shown)} are shown.` : `${found}.`;
  return changed === 0 ? listed : `${listed} ${formatCount(changed)} changed from the proposal.`;
}

/**
 * Every path a strategy can be given: the proposal's decisions first (with their reasons), then every other
 * object or list path of the profile at the default, found by name and shown a page at a time.
 */
export function PlanPathList(props: {
  plan: FlattenPlanDocument;
  /** The plan as proposed (its order and reasons). */
  proposed: FlattenPlanDocument;
  /** The object and list paths of the profile. */
  profiled: readonly ProfiledPath[];
  onPlan: (plan: FlattenPlanDocument) => void;
  disabled: boolean;
}) {
  const { plan, proposed, profiled, onPlan, disabled } = props;
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PATHS_PER_PAGE);
  const all = useMemo(() => editorPaths(proposed, profiled), [proposed, profiled]);
  // Ids by position in the whole list, so a row keeps its id while the search narrows the list.
  const ids = useMemo(() => new Map(all.map((entry, index) => [entry.path, `plan-strategy-${index}`])), [all]);
  const matching = useMemo(() => matchingPaths(all, query), [all, query]);
  const shown = matching.slice(0, limit);
  if (all.length === 0) {
    return (
      <Typography variant="body2">The records hold no object or list: every value is a column already.</Typography>
    );
  }
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        type="search"
        label="Find a path"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setLimit(PATHS_PER_PAGE);
        }}
        sx={{ maxWidth: 400 }}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Typography variant="body2" aria-live="polite">
        {countText(shown.length, matching.length, all.length, query, changedPaths(proposed, plan).length)}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Strategies per path">
        {shown.map((entry) => (
          <PlanPathRow
            key={entry.path}
            id={ids.get(entry.path) ?? 'plan-strategy'}
            entry={entry}
            plan={plan}
            proposed={proposed}
            onPlan={onPlan}
            disabled={disabled}
          />
        ))}
      </Stack>
      {shown.length < matching.length && (
        <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setLimit(limit + PATHS_PER_PAGE)}>
          Show {formatCount(Math.min(PATHS_PER_PAGE, matching.length - shown.length))} more paths
        </Button>
      )}
    </Stack>
  );
}
