import { describe, expect, it } from 'vitest';
import { groupedColumnOrder } from './column-order.js';

/** The headers in the grouped order. */
function grouped(headers: string[], separator = '.'): string[] {
  const order = groupedColumnOrder(headers, separator);
  return order === null ? headers : order.map((col) => headers[col] as string);
}

describe('groupedColumnOrder', () => {
  it('puts every element of an array where its first column first appeared, by position', () => {
    expect(grouped(['id', 'items.0.sku', 'items.0.qty', 'note', 'items.1.sku', 'items.1.qty', 'total'])).toEqual([
      'id',
      'items.0.sku',
      'items.0.qty',
      'items.1.sku',
      'items.1.qty',
      'note',
      'total',
    ]);
  });

  it("keeps an element's columns in first-seen order, a field first seen late after the element's others", () => {
    expect(grouped(['items.1.b', 'note', 'items.0.a', 'items.1.a', 'items.0.c', 'items.0.b'])).toEqual([
      'items.0.a',
      'items.0.c',
      'items.0.b',
      'items.1.b',
      'items.1.a',
      'note',
    ]);
  });

  it('groups an array of scalars and leaves sparse positions in position order', () => {
    expect(grouped(['tags.0', 'a', 'tags.10', 'b', 'tags.2'])).toEqual(['tags.0', 'tags.2', 'tags.10', 'a', 'b']);
  });

  it('groups arrays of arrays at every level', () => {
    expect(grouped(['m.0.0', 'x', 'm.1.0', 'm.0.1', 'm.1.1.0', 'm.1.0.z'])).toEqual([
      'm.0.0',
      'm.0.1',
      'm.1.0',
      'm.1.0.z',
      'm.1.1.0',
      'x',
    ]);
  });

  it('groups an array inside an object, and inside each element, but never moves an object', () => {
    expect(
      grouped(['user.items.0.a', 'user.name', 'items.0.x.a', 'items.0.y', 'user.items.1.a', 'items.0.x.b']),
    ).toEqual(['user.items.0.a', 'user.items.1.a', 'user.name', 'items.0.x.a', 'items.0.y', 'items.0.x.b']);
  });

  it("keeps a map's key column, the row ids and an exploded array's position where they are", () => {
    expect(grouped(['key', 'a.0', '\\#id', 'items.\\#', 'a.1', 'items.sku'])).toEqual([
      'key',
      'a.0',
      'a.1',
      '\\#id',
      'items.\\#',
      'items.sku',
    ]);
  });

  it('tells an array position from an object key that looks like one, and reads the separator given', () => {
    expect(grouped(['a.\\0', 'b', 'a.1', 'a.0'])).toEqual(['a.\\0', 'b', 'a.0', 'a.1']);
    expect(grouped(['a/0', 'b', 'a/1', 'a.0'], '/')).toEqual(['a/0', 'a/1', 'b', 'a.0']);
  });

  it('answers null when the first-seen order is grouped already', () => {
    expect(groupedColumnOrder(['id', 'items.0.sku', 'items.1.sku', 'note'], '.')).toBeNull();
    expect(groupedColumnOrder([], '.')).toBeNull();
  });

  it('orders arrays nested thousands deep without running out of stack', () => {
    const deep = `a${'.0'.repeat(5000)}`;
    expect(grouped([`${deep}.1`, 'x', `${deep}.0`])).toEqual([`${deep}.0`, `${deep}.1`, 'x']);
  });
});
