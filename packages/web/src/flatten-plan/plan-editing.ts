import type { FlattenPlanDocument, PathStrategyName } from '@unnest/contracts';

/** Strategies the editor offers: `table` needs relational output, which a single-table conversion refuses. */
export const EDITABLE_STRATEGIES: readonly { value: PathStrategyName; label: string }[] = [
  { value: 'columns', label: 'Columns (one per key)' },
  { value: 'index', label: 'Columns (one per position)' },
  { value: 'join', label: 'Joined in one cell' },
  { value: 'json', label: 'JSON in one cell' },
  { value: 'rows', label: 'One row per element' },
];

/** The plan with one path's strategy changed; a second `rows` path turns the first back into JSON. */
export function withStrategy(plan: FlattenPlanDocument, path: string, strategy: PathStrategyName): FlattenPlanDocument {
  return {
    ...plan,
    paths: plan.paths.map((entry) => {
      if (entry.path === path) return { ...entry, strategy };
      // The engine explodes one path into rows at most.
      if (strategy === 'rows' && entry.strategy === 'rows') return { ...entry, strategy: 'json' };
      return entry;
    }),
  };
}

/** The plan as the conversion request's `plan` field: JSON text without the reasons (they are for people). */
export function planFieldText(plan: FlattenPlanDocument): string {
  const paths = plan.paths.map(({ path, strategy }) => ({ path, strategy }));
  return JSON.stringify({ ...plan, paths });
}

/** Paths whose strategy differs from the proposal's (the edits, said to the user). */
export function changedPaths(proposed: FlattenPlanDocument, edited: FlattenPlanDocument): string[] {
  return edited.paths
    .filter((entry, index) => proposed.paths[index]?.strategy !== entry.strategy)
    .map((entry) => entry.path);
}
