import { type Static, Type } from 'typebox';

/**
 * Strategies a flattening plan gives a path (the engine's `PathStrategy`):
 * `columns` an object's keys as columns; `index` an array's positions as columns; `join` an array's strings
 * joined with `; ` in one cell; `json` the array or object as JSON text in one cell; `rows` one row per array
 * element (position in `path.\#`); `table` a table of its own linked by a parent key (relational output only:
 * the engine refuses it in a single-table conversion).
 */
export const PATH_STRATEGY_NAMES = ['columns', 'index', 'join', 'json', 'rows', 'table'] as const;
export type PathStrategyName = (typeof PATH_STRATEGY_NAMES)[number];

/** Plans bigger than this are refused: a plan names paths, not data. */
export const MAX_PLAN_PATHS = 10_000;

/**
 * A flattening plan (`unnest plan` writes it, `--plan` reads it): per path, a strategy. Paths are relative to
 * a record, keys joined by `.` (`\.` a dot inside a key, `\\` a backslash); `[]` stands for every element of
 * an array and `*` for every key of a map; a key that is literally `[]` or `*` is written `\[]` or `\*`.
 * The engine checks the rest (`checkFlattenPlan`: one `rows` path at most, without `[]` or `*`).
 */
export const FlattenPlanDocument = Type.Object(
  {
    version: Type.Literal(1),
    records: Type.Optional(
      Type.Object(
        {
          path: Type.String({ maxLength: 4096, description: 'records path; "" for the top-level object (map only)' }),
          shape: Type.Union([Type.Literal('array'), Type.Literal('map')], {
            description: 'array: the elements are records; map: every member is a record, its key in keyColumn',
          }),
          keyColumn: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'default "key"' })),
        },
        { additionalProperties: false },
      ),
    ),
    paths: Type.Array(
      Type.Object(
        {
          path: Type.String({ minLength: 1, maxLength: 4096 }),
          strategy: Type.Enum([...PATH_STRATEGY_NAMES]),
          reason: Type.Optional(Type.String({ maxLength: 2000, description: "the planner's explanation" })),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_PLAN_PATHS },
    ),
  },
  { additionalProperties: false },
);
export type FlattenPlanDocument = Static<typeof FlattenPlanDocument>;

/** A proposal: the plan, one sentence per decision, and the columns without and with it (estimated). */
export const FlattenPlanProposal = Type.Object(
  {
    plan: FlattenPlanDocument,
    explanations: Type.Array(Type.String()),
    columns: Type.Object({ before: Type.Integer({ minimum: 0 }), after: Type.Integer({ minimum: 0 }) }),
  },
  { additionalProperties: false },
);
export type FlattenPlanProposal = Static<typeof FlattenPlanProposal>;
