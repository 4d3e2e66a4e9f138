import { type Static, Type } from 'typebox';

/**
 * Strategies a flattening plan gives a path (the engine's `PathStrategy`):
 * `columns` an object's keys as columns; `index` an array's positions as columns; `join` an array's strings
 * joined with `; ` in one cell; `json` the array or object as JSON text in one cell (on a `*` path: every key of
 * that object the plan does not name, gathered as one JSON object in the column `path.*`); `rows` one row per array
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

/** A plan sent as a request field (a multipart field or a query parameter) is JSON text of at most this size. */
export const MAX_PLAN_TEXT_BYTES = 256 * 1024;
/** The proposal profiles at most this many records unless asked for fewer (`sample`). */
export const PLAN_SAMPLE_DEFAULT_RECORDS = 1_000;
export const PLAN_SAMPLE_MAX_RECORDS = 10_000;
/** ...and reads at most this many bytes of the input: a sample the first records of which fit in it. */
export const PLAN_SAMPLE_MAX_BYTES = 32 * 1024 * 1024;

/** Query of POST /api/convert/plan (the JSON in the raw body, or as the multipart field `file`). */
export const FlattenPlanQuery = Type.Object(
  {
    records: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 4096,
        description: 'records path (`features`, `css.properties`); an object there is a map of records',
      }),
    ),
    sample: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: PLAN_SAMPLE_MAX_RECORDS,
        description: `records profiled at most (default ${PLAN_SAMPLE_DEFAULT_RECORDS})`,
      }),
    ),
    relational: Type.Optional(
      Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')], {
        description:
          "propose for relational output (the CLI's `unnest plan --relational`): lists of objects and maps of records in tables of their own",
      }),
    ),
  },
  { additionalProperties: false },
);
export type FlattenPlanQuery = Static<typeof FlattenPlanQuery>;

/**
 * A path of the sample's profile that a strategy can be given (it held an object or a list), so that an editor
 * can offer every path, not only those the proposal changed.
 */
export const ProfiledPath = Type.Object(
  {
    path: Type.String({ description: 'plan path, as the plan writes it' }),
    object: Type.Boolean({ description: 'it held an object in the sample' }),
    list: Type.Boolean({ description: 'it held a list in the sample' }),
    columns: Type.Integer({ minimum: 0, description: 'columns json2csv writes for it without a plan' }),
  },
  { additionalProperties: false },
);
export type ProfiledPath = Static<typeof ProfiledPath>;

/** Answer of POST /api/convert/plan: the proposal, and how much of the input it was made from. */
export const FlattenPlanResponse = Type.Object(
  {
    ...FlattenPlanProposal.properties,
    paths: Type.Array(ProfiledPath, {
      description: 'every object or list path of the profile, parents before children (at most the profile bound)',
    }),
    sample: Type.Object(
      {
        records: Type.Integer({ minimum: 0, description: 'records profiled' }),
        sampled: Type.Boolean({ description: 'true: only the first `records` records were read' }),
        max_records: Type.Integer({ description: 'the sample asked for (records)' }),
        max_bytes: Type.Integer({ description: 'bytes of the input the proposal reads at most' }),
        records_path: Type.Union([Type.String(), Type.Null()], { description: 'where the records were found' }),
        records_shape: Type.Union([Type.Literal('array'), Type.Literal('map')]),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type FlattenPlanResponse = Static<typeof FlattenPlanResponse>;
