import { describe, expect, it } from 'vitest';
import type { Notice } from '../byte-source.js';
import { uniqueHeaderNames } from './header-names.js';

describe('uniqueHeaderNames', () => {
  it('numbers repeated names and reports each rename', () => {
    const notices: Notice[] = [];
    expect(uniqueHeaderNames(['name', 'x', 'name', 'name'], (notice) => notices.push(notice))).toEqual([
      'name',
      'x',
      'name_2',
      'name_3',
    ]);
    expect(notices).toEqual([
      { kind: 'duplicate-header', name: 'name', renamedTo: 'name_2' },
      { kind: 'duplicate-header', name: 'name', renamedTo: 'name_3' },
    ]);
  });

  it('skips suffixes another header already uses', () => {
    expect(uniqueHeaderNames(['a', 'a', 'a_2'])).toEqual(['a', 'a_3', 'a_2']);
    expect(uniqueHeaderNames(['', ''])).toEqual(['', '_2']);
  });
});
