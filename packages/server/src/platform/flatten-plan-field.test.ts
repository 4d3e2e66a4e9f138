import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { checkedPlan, planFromField } from './flatten-plan-field.js';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('a flattening plan from a request', () => {
  it('is absent when the field is absent or blank', () => {
    expect(planFromField(undefined)).toBeUndefined();
    expect(planFromField('  ')).toBeUndefined();
  });

  it('is the checked plan, records included', () => {
    const text = JSON.stringify({
      version: 1,
      records: { path: 'users', shape: 'map' },
      paths: [{ path: 'roles', strategy: 'join', reason: 'a list' }],
    });
    expect(planFromField(text)).toEqual({
      version: 1,
      records: { path: 'users', shape: 'map', keyColumn: 'key' },
      paths: [{ path: 'roles', strategy: 'join', reason: 'a list' }],
    });
  });

  it.each([
    ['[1', 'The flattening plan is not valid JSON'],
    ['{"version":1,"paths":[],"extra":1}', 'The flattening plan is not valid'],
    [
      '{"version":1,"paths":[{"path":"a","strategy":"flatten"}]}',
      'The flattening plan is not valid at /paths/0/strategy',
    ],
    ['{"version":1,"paths":[{"path":"a","strategy":"table"}]}', 'needs relational output'],
  ])('refuses %s with a 400 saying why', (text, detail) => {
    const error = refusal(() => planFromField(text));
    expect(error.status).toBe(400);
    expect(error.message).toContain(detail);
  });

  it('checks a parsed document the same way', () => {
    expect(refusal(() => checkedPlan({ version: 1, paths: [{ path: 'a.[]', strategy: 'rows' }] })).message).toContain(
      'a rows path must name one array',
    );
  });
});
