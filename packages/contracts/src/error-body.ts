import { type Static, Type } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './errors.js';

/** Body of every error response. */
export const ErrorBody = Type.Object({
  detail: Type.String(),
  code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] }),
  limit: Type.Optional(Type.Integer({ description: 'API_LIMIT_REACHED: the plan’s API calls per month' })),
  used: Type.Optional(Type.Integer({ description: 'API_LIMIT_REACHED: the calls counted this month' })),
  reset_at: Type.Optional(
    Type.String({ format: 'date-time', description: 'API_LIMIT_REACHED: when the count starts again' }),
  ),
});
export type ErrorBody = Static<typeof ErrorBody>;
