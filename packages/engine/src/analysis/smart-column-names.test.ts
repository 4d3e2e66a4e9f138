import { describe, expect, it } from 'vitest';
import { smartColumnNames } from './smart-column-names.js';

const names = (paths: string[], options?: Parameters<typeof smartColumnNames>[1]) =>
  smartColumnNames(paths, options).map((header) => header.name);

describe('smartColumnNames', () => {
  it('expands abbreviations and splits camelCase, snake_case and kebab-case', () => {
    expect(
      names(['user.addr.zip', 'id', 'order_qty', 'totalAmt', 'dob', 'item-num', 'desc', 'created_ts', 'userID']),
    ).toEqual([
      'User Address ZIP',
      'ID',
      'Order Quantity',
      'Total Amount',
      'Date of Birth',
      'Item Number',
      'Description',
      'Created Timestamp',
      'User ID',
    ]);
  });

  it('counts array positions from 1 and reads escaped keys as keys', () => {
    expect(names(['tags.0', 'tags.1', 'items.0.sku', 'a\\.b', 'x.\\0'])).toEqual([
      'Tags 1',
      'Tags 2',
      'Items 1 SKU',
      'A B',
      'X 0',
    ]);
  });

  it('makes names unique, names empty keys by position, and uses the separator given', () => {
    expect(names(['user_id', 'userId', 'user.id', ''])).toEqual(['User ID', 'User ID (2)', 'User ID (3)', 'Column 4']);
    expect(names(['a/b_c'], { separator: '/' })).toEqual(['A B C']);
  });

  it('names a meaningless key after its detected meaning', () => {
    expect(
      names(['c1', 'field_2', 'value'], {
        semantics: new Map([
          ['c1', 'email'],
          ['field_2', 'url'],
        ]),
      }),
    ).toEqual(['E-mail', 'URL', 'Value']);
  });
});
