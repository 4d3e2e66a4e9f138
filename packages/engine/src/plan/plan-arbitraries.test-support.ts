import fc from 'fast-check';
import { formatPlanPath, type PlanSegment } from '../flatten/flatten-plan.js';

/** Generators of nested records and their plan paths, shared by the plan and relational round-trip properties. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Whether a string's whole text is a JSON array or object: such a string reads back as that value (CSV cannot mark it). */
export function looksLikeJsonContainer(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// A string whose whole text is a JSON array or object comes back as that value, with or without a plan:
// CSV cannot mark it (the same limit as the plain round trip's).
const text = fc
  .oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('', 'a; b', ';', '"q"', '007', 'true', 'null', '[x', '{', 'x\ny', ' 1', '\\#', '=1'),
  )
  .filter((value) => !looksLikeJsonContainer(value));

/** True when a value writes only empty cells (with the default strategies). */
export function writesOnlyNulls(value: Json): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length > 0 && value.every(writesOnlyNulls);
  if (typeof value === 'object') {
    const members = Object.values(value);
    return members.length > 0 && members.every(writesOnlyNulls);
  }
  return false;
}

export const key = fc.constantFrom(
  'a',
  'b',
  'c',
  'tags',
  '0',
  'x.y',
  'k\\',
  '',
  '[]',
  '*',
  '#',
  'key',
  '_id',
  '_index',
);

export const value: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -1000, max: 1000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    text,
    // As in the plain round trip: a trailing element that writes only empty cells cannot be told from none
    // (nor, then, an array of nulls from a null).
    fc
      .array(tie('value'), { maxLength: 3 })
      .filter((items) => items.length === 0 || !writesOnlyNulls(items[items.length - 1] as Json)),
    // An object of nulls writes the same empty cells as a null.
    fc.dictionary(key, tie('value'), { maxKeys: 3 }).filter((object) => !writesOnlyNulls(object)),
  ),
})).value;

export const records = fc.array(fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 }), { minLength: 1, maxLength: 5 });

/** Every plan path of the data: keys, `[]` for array elements. */
export function pathsOf(rows: readonly Json[]): PlanSegment[][] {
  const found = new Map<string, PlanSegment[]>();
  const pending: [Json, PlanSegment[]][] = rows.map((row) => [row, []]);
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [node, path] = item;
    // A record's own empty key has no plan path (`""` is the record itself).
    if (path.length > 0 && formatPlanPath(path) !== '') found.set(formatPlanPath(path), path);
    if (Array.isArray(node)) for (const element of node) pending.push([element, [...path, { items: true }]]);
    else if (typeof node === 'object' && node !== null) {
      for (const [name, member] of Object.entries(node)) pending.push([member, [...path, { key: name }]]);
    }
  }
  return [...found.values()];
}
