import { describe, expect, it } from 'vitest';
import { jsonToCsvText } from '../json-to-csv.js';
import { sniffDialect } from './dialect-sniffer.js';

function sniff(csv: string) {
  return sniffDialect(new TextEncoder().encode(csv), true);
}

describe('sniffDialect', () => {
  it('reads a one-column file named by a delimiter, its cells quoted JSON, under RFC 4180 quoting', async () => {
    // Found by the plan round-trip property: keys gathered into one `*` cell of JSON, which holds backslashes.
    const records = [{ '[]': 1, 'k\\': 'a\\b', '*': 2 }, { '[]': 'x\\', 'k\\': 3 }, { '*': '\\' }];
    const csv = await jsonToCsvText(JSON.stringify(records), {
      plan: { version: 1, paths: [{ path: '*', strategy: 'json' }] },
    });
    expect(csv.startsWith('*\n"{')).toBe(true);
    expect(sniff(csv).dialect).toMatchObject({ delimiter: ',', quote: '"', escape: null });
    // The same with `'` in the cells: a `'`-quoted reading would split the quoted JSON at each `*`.
    const quoted = '*\n"{""*"":""it\'s""}"\n"{""*"":""\'a\'""}"\n"{""*"":2}"\n';
    expect(sniff(quoted).dialect).toMatchObject({ delimiter: ',', quote: '"', escape: null });
  });

  it('reads a one-column file named by an unusual delimiter as one column, not as unnamed columns', async () => {
    // Found by the grouped round-trip property: `*` stands alone in the header and in the first record.
    const csv = await jsonToCsvText(JSON.stringify([{ '*': '*' }, { '*': ' ' }]));
    expect(sniff(csv).dialect).toMatchObject({ delimiter: ',', skipRows: 0 });
    expect(sniff('*\na*\nb*\nc*\n').dialect).toMatchObject({ delimiter: ',', skipRows: 0 });
    // A header that names its columns is still split at an unusual delimiter.
    expect(sniff('a*b\n1*2\n3*4\n').dialect).toMatchObject({ delimiter: '*' });
  });

  it('still finds other quoting where RFC 4180 quoting splits the rows at the delimiter unevenly', () => {
    expect(sniff("a;b\n'x;y';1\n'z';2\n").dialect).toMatchObject({ delimiter: ';', quote: "'", escape: null });
    expect(sniff('a,b\n"say \\"hi\\", ok",1\n"z",2\n').dialect).toMatchObject({
      delimiter: ',',
      quote: '"',
      escape: '\\',
    });
  });

  it('is sure of one column where no delimiter splits the rows, less so as one splits more of them', () => {
    expect(sniff('name\nAda Lovelace\nAlan Turing\n')).toEqual({
      dialect: { delimiter: ',', quote: '"', escape: null, skipRows: 0, headerRows: 1 },
      confidence: 1,
    });
    // `;` splits two rows of five (the header and one record): one column still, but not for sure.
    const { dialect, confidence } = sniff('name;x\nAda\nAlan\nGrace;1\nEdsger\n');
    expect(dialect.delimiter).toBe(',');
    expect(confidence).toBeGreaterThan(0);
    expect(confidence).toBeLessThan(1);
  });

  it("takes the delimiter from Excel's `sep=` first line and skips that line", () => {
    expect(sniff('sep=;\nname;age\nAda;36\nAlan;41\n')).toEqual({
      dialect: { delimiter: ';', quote: '"', escape: null, skipRows: 1, headerRows: 1 },
      confidence: 1,
    });
    // A title row after it is still found, and a delimiter or rows to skip given by hand win.
    expect(sniff('SEP=,\r\nReport,,\nname,age,city\nAda,36,London\nAlan,41,Wilmslow\n').dialect).toMatchObject({
      delimiter: ',',
      skipRows: 2,
    });
    const given = sniffDialect(new TextEncoder().encode('sep=;\na|b\n1|2\n3|4\n'), true, { delimiter: '|' });
    expect(given.dialect).toMatchObject({ delimiter: '|', skipRows: 1 });
    const skipped = sniffDialect(new TextEncoder().encode('sep=;\na;b\n1;2\n'), true, { skipRows: 0 });
    expect(skipped.dialect).toMatchObject({ delimiter: ';', skipRows: 0 });
  });
});
