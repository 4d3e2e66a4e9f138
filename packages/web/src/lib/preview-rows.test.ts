// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { tableFromCsv, tableFromJson } from './preview-rows';

describe('the preview table of a result', () => {
  it('parses the first rows only and counts the others, every value as written', async () => {
    const csv = `id,note\n12345678901234567890,"two\nlines"\n2,"a, b"\n${'3,x\n'.repeat(50)}`;
    const table = await tableFromCsv(csv, 2);
    expect(table).toEqual({
      header: ['id', 'note'],
      rows: [
        ['12345678901234567890', 'two\nlines'],
        ['2', 'a, b'],
      ],
      totalRows: 52,
    });
  });

  it('reads a header alone, an empty text and a last row without a line break', async () => {
    expect(await tableFromCsv('a,b\n', 20)).toEqual({ header: ['a', 'b'], rows: [], totalRows: 0 });
    expect(await tableFromCsv('', 20)).toEqual({ header: [], rows: [], totalRows: 0 });
    expect(await tableFromCsv('a\tb\n1\t2', 20)).toEqual({ header: ['a', 'b'], rows: [['1', '2']], totalRows: 1 });
  });

  it('flattens JSON as the converter does', async () => {
    expect(await tableFromJson('[{"a": {"b": 0.1000000000000000055}}, {"c": 1}]', 20)).toEqual({
      header: ['a.b', 'c'],
      rows: [
        ['0.1000000000000000055', ''],
        ['', '1'],
      ],
      totalRows: 2,
    });
  });
});
