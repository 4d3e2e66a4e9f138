import { Type } from 'typebox';
import { FINITE_NUMBER_KEY, withMessages } from './validation-messages.js';

/** Rows per page unless a list says otherwise. */
export const DEFAULT_PAGE_SIZE = 20;
/** The most rows one page holds. */
export const MAX_PAGE_SIZE = 100;
/**
 * The highest page number a list accepts. Far past any real list, and small enough that the offset
 * it makes (at most 100 million rows) stays an exact integer in JavaScript and in SQL: a larger page
 * (99999999999999999999) used to reach the database as an offset it refused.
 */
export const MAX_PAGE = 1_000_000;

const pageRule = `page must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')}`;
const pageSizeRule = `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
// Any failure of a paging value (missing text, not a number, out of range, infinite) says the range.
const rule = (text: string) => ({ ...withMessages({ required: text }), [FINITE_NUMBER_KEY]: true });

/**
 * The paging parameters of every list route (`page`, 1-based, and `page_size`), one schema for all,
 * so that every list refuses the same out-of-range values with the same 400 text.
 */
export function pagingFields(defaultPageSize: number = DEFAULT_PAGE_SIZE) {
  return {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, ...rule(pageRule) })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultPageSize, ...rule(pageSizeRule) }),
    ),
  };
}
