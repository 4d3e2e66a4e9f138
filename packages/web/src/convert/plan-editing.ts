import type { FlattenPlanDocument, PathStrategyName, ProfiledPath } from '@unnest/contracts';
import { ConversionError, checkFlattenPlan } from '@unnest/engine';

/** A path's choice in the editor: a strategy, or `default` (no entry in the plan: the conversion's options decide). */
export type PathChoice = PathStrategyName | 'default';

/** Choices the editor offers; `table` only where the engine takes it (see `strategiesFor`). */
export const EDITABLE_STRATEGIES: readonly { value: PathChoice; label: string }[] = [
  { value: 'default', label: "Default (the conversion's options)" },
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

/**
 * The plan with one path's choice made: its entry changed, added (a path the proposal left to the default) or,
 * for `default`, removed. A second `rows` path turns the first back into JSON.
 */
export function withStrategy(plan: FlattenPlanDocument, path: string, strategy: PathChoice): FlattenPlanDocument {
  const paths = plan.paths.flatMap((entry) => {
    if (entry.path === path) return strategy === 'default' ? [] : [{ ...entry, strategy }];
    // The engine explodes one path into rows at most.
    if (strategy === 'rows' && entry.strategy === 'rows') return [{ ...entry, strategy: 'json' as const }];
    return [entry];
  });
  const named = plan.paths.some((entry) => entry.path === path);
  return { ...plan, paths: named || strategy === 'default' ? paths : [...paths, { path, strategy }] };
}

/** The plan as the conversion request's `plan` field: JSON text without the reasons (they are for people). */
export function planFieldText(plan: FlattenPlanDocument): string {
  const paths = plan.paths.map(({ path, strategy }) => ({ path, strategy }));
  return JSON.stringify({ ...plan, paths });
}

/** A path's choice in a plan: its entry's strategy, or `default` when the plan does not name it. */
export function choiceOf(plan: FlattenPlanDocument, path: string): PathChoice {
  return plan.paths.find((entry) => entry.path === path)?.strategy ?? 'default';
}

/** Paths whose choice differs from the proposal's (the edits, said to the user), in the edited plan's order. */
export function changedPaths(proposed: FlattenPlanDocument, edited: FlattenPlanDocument): string[] {
  const paths = new Set([...proposed.paths, ...edited.paths].map((entry) => entry.path));
  return [...paths].filter((path) => choiceOf(proposed, path) !== choiceOf(edited, path));
}

/** One path of the editor: what the profile saw there, and the reason the proposal gave when it decided it. */
export interface EditorPath {
  path: string;
  /** What the sample held there, in words ("a list"), or null for a path the profile did not list. */
  holds: string | null;
  /** Columns json2csv writes for it without a plan, or null when not known. */
  columns: number | null;
  reason: string | null;
}

function holdsWords(profiled: ProfiledPath): string {
  if (profiled.object && profiled.list) return 'an object or a list';
  return profiled.list ? 'a list' : 'an object';
}

/**
 * Every path the editor lists: those the proposal decided first (in its order, with its reasons), then every
 * other object or list path of the profile, parents before children. The order is the proposal's, not the
 * edited plan's, so a path does not move while it is being edited.
 */
export function editorPaths(proposed: FlattenPlanDocument, profiled: readonly ProfiledPath[]): EditorPath[] {
  const byPath = new Map(profiled.map((entry) => [entry.path, entry]));
  const decided = new Set(proposed.paths.map((entry) => entry.path));
  const row = (path: string, reason: string | null): EditorPath => {
    const seen = byPath.get(path);
    return { path, holds: seen ? holdsWords(seen) : null, columns: seen?.columns ?? null, reason };
  };
  return [
    ...proposed.paths.map((entry) => row(entry.path, entry.reason ?? null)),
    ...profiled.filter((entry) => !decided.has(entry.path)).map((entry) => row(entry.path, null)),
  ];
}

/** The paths whose name holds `query` (any case); all of them for an empty query. */
export function matchingPaths(paths: readonly EditorPath[], query: string): EditorPath[] {
  const wanted = query.trim().toLowerCase();
  return wanted === '' ? [...paths] : paths.filter((entry) => entry.path.toLowerCase().includes(wanted));
}

/** A reason's text in parts: plain words, and the paths and column names it quotes between backquotes as code. */
export function reasonParts(reason: string): { text: string; code: boolean }[] {
  return reason
    .split(/(`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? { text: part.slice(1, -1), code: true }
        : { text: part, code: false },
    );
}
