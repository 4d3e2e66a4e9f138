import { type Static, Type } from 'typebox';

/** GET /health: 200 when the database answers, 503 when it does not. */
export const HealthResponse = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
});
export type HealthResponse = Static<typeof HealthResponse>;
