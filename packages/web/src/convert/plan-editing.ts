import type { FlattenPlanDocument, PathStrategyName } from '@unnest/contracts';
import { ConversionError, checkFlattenPlan } from '@unnest/engine';

/** Strategies the editor offers; `table` only where the engine takes it (see `strategiesFor`). */
export const EDITABLE_STRATEGIES: readonly { value: PathStrategyName; label: string }[] = [
  { value: 'columns', label: 'Columns (one per key)' },
  { value: 'index', label: 'Columns (one per position)' },
  { value: 'join', label: 'Joined in one cell' },
  { value: 'json', label: 'JSON in one cell' },
  { value: 'rows', label: 'One row per element' },
  { value: 'table', label: 'Own table (linked by id)' },
];

/** Whether the plan puts any path in a table of its own (relational output: a ZIP of linked tables). */
export function hasTables(plan: FlattenPlanDocument | null | undefined): boolean {
  return plan?.paths.some((entry) => entry.strategy === 'table') ?? false;
}

/** The paths the plan puts in tables of their own, in plan order. */
export function tablePaths(plan: FlattenPlanDocument): string[] {
  return plan.paths.filter((entry) => entry.strategy === 'table').map((entry) => entry.path);
}

/**
 * The strategies offered for one path: every one but `table` where the engine would refuse it there (a path
 * inside a list that is not itself a table, or one holding the plan's `rows` path), so an edit never makes a
 * plan the conversion refuses.
 */
export function strategiesFor(plan: FlattenPlanDocument, path: string): typeof EDITABLE_STRATEGIES {
  return EDITABLE_STRATEGIES.filter(
    (option) =>
      option.value !== 'table' ||
      plan.paths.some((entry) => entry.path === path && entry.strategy === 'table') ||
      acceptsTable(withStrategy(plan, path, 'table')),
  );
}

function acceptsTable(plan: FlattenPlanDocument): boolean {
  try {
    checkFlattenPlan(plan, { relational: true });
    return true;
  } catch (error) {
    if (error instanceof ConversionError) return false;
    throw error;
  }
}

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
