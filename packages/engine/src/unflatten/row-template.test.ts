import { describe, expect, it } from 'vitest';
import { compileRowTemplate, type TemplateNode } from './row-template.js';

/** The template as plain data: leaves as column numbers, objects and arrays as such. */
function shape(node: TemplateNode): unknown {
  if (node.members.length === 0 && node.items.length === 0) return node.leaf;
  const members = Object.fromEntries(node.members.map((member) => [member.key, shape(member.node)]));
  const items = node.items.map((item) => (item ? shape(item) : 'hole'));
  const parts: Record<string, unknown> = {};
  if (node.leaf >= 0) parts.leaf = node.leaf;
  if (node.members.length > 0) parts.members = members;
  if (node.items.length > 0) parts.items = items;
  return node.leaf < 0 && node.items.length === 0
    ? members
    : node.leaf < 0 && node.members.length === 0
      ? items
      : parts;
}

describe('compileRowTemplate', () => {
  it('keeps a header of plain names flat', () => {
    const template = compileRowTemplate(['a', 'b', 'c'], '.', true);
    expect(template.flat).toBe(true);
    expect(shape(template.root)).toEqual({ a: 0, b: 1, c: 2 });
  });

  it('nests dotted names and turns index segments into arrays, holes included', () => {
    const template = compileRowTemplate(['id', 'user.name', 'tags.0', 'user.roles.2', 'tags.1'], '.', true);
    expect(template.flat).toBe(false);
    expect(shape(template.root)).toEqual({ id: 0, user: { name: 1, roles: ['hole', 'hole', 3] }, tags: [2, 4] });
  });

  it('reads escaped separators and escaped index-like keys as object keys', () => {
    const template = compileRowTemplate(['a\\.b', 'c.\\0', '__proto__.x'], '.', true);
    expect(shape(template.root)).toEqual({ 'a.b': 0, c: { '0': 1 }, ['__proto__']: { x: 2 } });
  });

  it('uses the separator it is given', () => {
    expect(shape(compileRowTemplate(['a/b', 'a.c'], '/', true).root)).toEqual({ a: { b: 0 }, 'a.c': 1 });
  });

  it('keeps header text as keys without unflattening', () => {
    const template = compileRowTemplate(['a.b', 'a.0'], '.', false);
    expect(template.flat).toBe(true);
    expect(shape(template.root)).toEqual({ 'a.b': 0, 'a.0': 1 });
  });

  it('names where competing columns go when both hold values', () => {
    const template = compileRowTemplate(['a', 'a.b', 'a\\.b'], '.', true);
    expect(shape(template.root)).toEqual({ a: { leaf: 0, members: { b: 1 } }, 'a.b': 2 });
    expect(template.overflowKeys).toEqual([undefined, 'a.b_2', undefined]);
  });

  it('gives a header whose path is already taken a top-level key of its own', () => {
    // `a\b` keeps its unknown escape literally, so it reads as the same key as `a\\b`.
    const template = compileRowTemplate(['a\\\\b', 'a\\b'], '.', true);
    expect(shape(template.root)).toEqual({ 'a\\b': 0, 'a\\b_2': 1 });
  });

  it('makes extra-cell keys that no header uses', () => {
    const template = compileRowTemplate(['_extra_1'], '.', true);
    expect(template.extraKey(1)).toBe('_extra_1_2');
    expect(template.extraKey(2)).toBe('_extra_2');
  });

  it('compiles a header far wider than the call stack allows arguments (MDN data: 488,602 columns)', () => {
    const headers = Array.from({ length: 300_000 }, (_, n) => `api.item${n}.value`);
    const template = compileRowTemplate(headers, '.', true);
    expect(template.root.memberColumns).toHaveLength(300_000);
    expect(template.root.memberColumns[299_999]).toBe(299_999);
  });

  it('compiles a header nested deeper than the call stack', () => {
    const header = Array.from({ length: 20_000 }, () => 'a').join('.');
    const template = compileRowTemplate([header], '.', true);
    expect(template.root.memberColumns).toEqual([0]);
  });
});
