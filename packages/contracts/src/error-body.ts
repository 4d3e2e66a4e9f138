import { type Static, Type } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './errors.js';

/** Body of every error response. */
export const ErrorBody = Type.Object({
  detail: Type.String(),
  code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] }),
});
export type ErrorBody = Static<typeof ErrorBody>;
