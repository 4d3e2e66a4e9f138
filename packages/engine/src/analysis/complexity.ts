import type { Complexity } from './report.js';

/** Columns past which a table is hard to read whole. */
export const WIDE_COLUMNS = 100;

/**
 * The complexity rule: `complex` when records nest 4 or more levels deep or flatten to more than 100
 * columns; `simple` when they are flat (depth 1 or a scalar), hold no arrays and give at most 20 columns;
 * `moderate` otherwise.
 */
export function estimateComplexity(
  maxDepth: number,
  columns: number,
  hasArrays: boolean,
): { complexity: Complexity; reason: string } {
  if (maxDepth >= 4) return { complexity: 'complex', reason: `records nest ${maxDepth} levels deep (4 or more)` };
  if (columns > WIDE_COLUMNS)
    return { complexity: 'complex', reason: `${columns} columns (more than ${WIDE_COLUMNS})` };
  if (maxDepth <= 1 && !hasArrays && columns <= 20) {
    return { complexity: 'simple', reason: `flat records without arrays, ${columns} columns (20 or fewer)` };
  }
  const why = hasArrays ? 'arrays' : maxDepth > 1 ? `nesting ${maxDepth} levels deep` : `${columns} columns`;
  return { complexity: 'moderate', reason: `${why}, but under 4 levels and at most ${WIDE_COLUMNS} columns` };
}
