import { describe, expect, it } from 'vitest';
import { decodeHeaderPath } from '../header-path.js';
import { ColumnSet } from './column-set.js';

const raw = (key: string) => new TextEncoder().encode(key);

describe('ColumnSet', () => {
  it('numbers columns in first-seen order, once per path', () => {
    const columns = new ColumnSet('.');
    const b = columns.root.child('b', raw('b'), '.');
    const a = columns.root.child('a', raw('a'), '.');
    expect(columns.columnOf(b)).toBe(0);
    expect(columns.columnOf(a)).toBe(1);
    expect(columns.columnOf(b)).toBe(0);
    expect(columns.root.child('b', raw('b'), '.')).toBe(b);
    expect(columns.headers).toEqual(['b', 'a']);
  });

  it('writes headers that read back to the same path', () => {
    const columns = new ColumnSet('.');
    const nested = columns.root
      .child('a.b', raw('a.b'), '.')
      .child('0', raw('0'), '.')
      .item(3, '.')
      .child('k\\', raw('k\\\\'), '.');
    columns.columnOf(nested);
    expect(columns.headers[0]).toBe('a\\.b.\\0.3.k\\\\');
    expect(decodeHeaderPath(columns.headers[0] as string, '.')).toEqual(['a.b', '0', 3, 'k\\']);
  });

  it('keeps __proto__ and other Object.prototype names as plain keys', () => {
    const columns = new ColumnSet('.');
    const proto = columns.root.child('__proto__', raw('__proto__'), '.');
    const ctor = columns.root.child('constructor', raw('constructor'), '.');
    expect(proto).not.toBe(ctor);
    expect(columns.root.child('__proto__', raw('__proto__'), '.')).toBe(proto);
    expect(proto.header).toBe('__proto__');
  });
});
