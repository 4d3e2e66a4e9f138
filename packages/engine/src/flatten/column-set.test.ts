import { describe, expect, it } from 'vitest';
import { decodeHeaderPath } from '../header-path.js';
import { ColumnSet, type PathNode } from './column-set.js';

/** The node of `key` below `parent`, its input bytes `raw` (the key as JSON writes it). */
function keyChild(columns: ColumnSet, parent: PathNode, key: string, raw = key): PathNode {
  const bytes = new TextEncoder().encode(raw);
  return parent.child(key, bytes, 0, bytes.length, columns);
}

/** The input bytes a node keeps for the key prediction. */
const keyBytesOf = (node: PathNode) =>
  new TextDecoder().decode(node.keySlab.subarray(node.keyStart, node.keyStart + node.keyLength));

describe('ColumnSet', () => {
  it('numbers columns in first-seen order, once per path', () => {
    const columns = new ColumnSet('.');
    const b = keyChild(columns, columns.root, 'b');
    const a = keyChild(columns, columns.root, 'a');
    expect(columns.columnOf(b)).toBe(0);
    expect(columns.columnOf(a)).toBe(1);
    expect(columns.columnOf(b)).toBe(0);
    expect(keyChild(columns, columns.root, 'b')).toBe(b);
    expect(columns.headers).toEqual(['b', 'a']);
  });

  it('writes headers that read back to the same path', () => {
    const columns = new ColumnSet('.');
    const ab = keyChild(columns, columns.root, 'a.b');
    const nested = keyChild(columns, keyChild(columns, ab, '0').item(3, '.'), 'k\\', 'k\\\\');
    columns.columnOf(nested);
    expect(columns.headers[0]).toBe('a\\.b.\\0.3.k\\\\');
    expect(decodeHeaderPath(columns.headers[0] as string, '.')).toEqual(['a.b', '0', 3, 'k\\']);
    expect(keyBytesOf(nested)).toBe('k\\\\');
  });

  it('keeps the input bytes of every key, short ones sharing slabs and a long one alone', () => {
    const columns = new ColumnSet('.');
    const keys = Array.from({ length: 20_000 }, (_, i) => `key${i}`);
    const nodes = keys.map((key) => keyChild(columns, columns.root, key));
    const long = keyChild(columns, columns.root, 'x'.repeat(50_000));
    const after = keyChild(columns, columns.root, 'after');
    expect(nodes.map(keyBytesOf)).toEqual(keys);
    expect(keyBytesOf(long)).toBe('x'.repeat(50_000));
    expect(keyBytesOf(after)).toBe('after');
    expect(nodes[0]?.keySlab).toBe(nodes[1]?.keySlab);
    expect(after.keySlab).toBe(nodes.at(-1)?.keySlab);
  });

  it('keeps __proto__ and other Object.prototype names as plain keys', () => {
    const columns = new ColumnSet('.');
    const proto = keyChild(columns, columns.root, '__proto__');
    const ctor = keyChild(columns, columns.root, 'constructor');
    expect(proto).not.toBe(ctor);
    expect(keyChild(columns, columns.root, '__proto__')).toBe(proto);
    expect(proto.header).toBe('__proto__');
  });
});

describe('ColumnSet.seed', () => {
  it('adds the columns of headers in their order, the same nodes a record would reach', () => {
    const columns = new ColumnSet('.');
    columns.seed(['id', 'items.0.sku', 'a\\.b', 'm.\\0']);
    expect(columns.headers).toEqual(['id', 'items.0.sku', 'a\\.b', 'm.\\0']);
    const items = columns.namedChild(columns.root, 'items');
    expect(columns.columnOf(columns.namedChild(items.item(0, '.'), 'sku'))).toBe(1);
    expect(columns.columnOf(columns.namedChild(columns.root, 'a.b'))).toBe(2);
    expect(columns.columnOf(columns.namedChild(columns.namedChild(columns.root, 'm'), '0'))).toBe(3);
    expect(columns.width).toBe(4);
  });
});
