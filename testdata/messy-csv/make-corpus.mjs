// Builds the messy-CSV corpus from ubuntu.csv (see README.md): each damaged file beside the clean file it
// should read as, listed in manifest.json. Deterministic: run `node testdata/messy-csv/make-corpus.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const here = new URL('./', import.meta.url);
const write = (name, content) => writeFileSync(new URL(name, here), content);
const source = readFileSync(new URL('ubuntu.csv', here), 'utf8');
const [header, ...rows] = source
  .trim()
  .split('\n')
  .map((line) => line.split(','));
const width = header.length;
const padded = rows.map((row) => [...row, ...Array(width - row.length).fill('')]);

// A summary column made of each release's own fields, holding a comma and quotes as exported text often does.
const summary = (row) => `Ubuntu ${row[0]} "${row[1]}", released ${row[4]}`;
const table = [[...header, 'summary'], ...padded.map((row) => [...row, summary(row)])];

/** RFC 4180 by default; any delimiter, quote and escape otherwise. */
function csv(
  cells,
  { delimiter = ',', quote = '"', escape: escapeChar = null, eol = '\n', last = true, quoteAll = false } = {},
) {
  const special = [delimiter.trim() || delimiter, quote, '\n', '\r', ...(escapeChar ? [escapeChar] : [])];
  const cell = (text) => {
    if (!quoteAll && !special.some((s) => text.includes(s))) return text;
    const inner = escapeChar
      ? text.replaceAll(escapeChar, escapeChar + escapeChar).replaceAll(quote, escapeChar + quote)
      : text.replaceAll(quote, quote + quote);
    return quote + inner + quote;
  };
  const text = cells.map((row) => row.map(cell).join(delimiter)).join(eol);
  return last ? text + eol : text;
}

const clean = csv(table);
const manifest = [];
const add = (file, content, cleanFile, extra = {}) => {
  write(file, content);
  manifest.push({ file, clean: cleanFile, ...extra });
};
write('clean.csv', clean);

add('preamble.csv', `PREAMBLE${','.repeat(width)}\n${','.repeat(width)}\n${clean}`, 'clean.csv', {
  dialect: { skipRows: 2 },
});
add('title-and-notes.csv', `Ubuntu releases\nSource: distro-info-data (Debian),ISC licence\n\n${clean}`, 'clean.csv', {
  dialect: { skipRows: 3 },
});
add('comma-space.csv', csv(table, { delimiter: ', ' }), 'clean.csv', { dialect: { delimiter: ', ' } });
add('semicolon-space.csv', csv(table, { delimiter: '; ' }), 'clean.csv', { dialect: { delimiter: '; ' } });
add('space.csv', csv(table, { delimiter: ' ' }), 'clean.csv', { dialect: { delimiter: ' ' } });
add('caret.csv', csv(table, { delimiter: '^' }), 'clean.csv', { dialect: { delimiter: '^' } });
add('tab.csv', csv(table, { delimiter: '\t' }), 'clean.csv', { dialect: { delimiter: '\t' } });
add('single-quote.csv', csv(table, { quote: "'" }), 'clean.csv', { dialect: { quote: "'" } });
add('backslash-escape.csv', csv(table, { escape: '\\' }), 'clean.csv', { dialect: { escape: '\\' } });
add('quoted-everything.csv', csv(table, { quoteAll: true }), 'clean.csv');
add('crlf-no-final-newline.csv', csv(table, { eol: '\r\n', last: false }), 'clean.csv');

// A stray quote opening a cell: in the last row (it used to fail the file) and in the middle (it swallowed rows).
const strayAt = (index) => {
  const lines = clean.split('\n');
  lines[index + 1] = lines[index + 1].replace(/,([A-Z])/, ',"$1');
  return lines.join('\n');
};
const strayTable = (index) =>
  table.map((row, r) => (r === index + 1 ? row.map((c, k) => (k === 1 ? `"${c}` : c)) : row));
write('clean-stray-last.csv', csv(strayTable(padded.length - 1)));
add('stray-quote-last-row.csv', strayAt(padded.length - 1), 'clean-stray-last.csv', {
  notices: [{ kind: 'stray-quote', line: padded.length + 1 }],
});
write('clean-stray-middle.csv', csv(strayTable(20)));
add('stray-quote-middle.csv', strayAt(20), 'clean-stray-middle.csv', { notices: [{ kind: 'stray-quote', line: 22 }] });

// Stacked tables and repeated headers.
const second = csv([
  ['series', 'support'],
  ['noble', 'LTS'],
  ['jammy', 'LTS'],
]);
add('second-table.csv', `${clean}\n${second}`, 'clean.csv', {
  notices: [{ kind: 'second-table', line: table.length + 2 }],
});
const cut = 30;
write('clean-first-30.csv', csv(table.slice(0, cut + 1)));
add(
  'repeated-header-middle.csv',
  csv([...table.slice(0, cut + 1), header.concat('summary'), ...table.slice(cut + 1)]),
  'clean-first-30.csv',
  {
    notices: [{ kind: 'second-table', line: cut + 2 }],
  },
);
add('repeated-header-top.csv', csv([table[0], table[0], ...table]), 'clean.csv', {
  notices: [
    { kind: 'repeated-header', line: 2 },
    { kind: 'repeated-header', line: 3 },
  ],
});
write('clean-header-only.csv', csv([table[0]]));
add('header-only.csv', csv([table[0]]), 'clean-header-only.csv', { notices: [{ kind: 'no-records' }] });

// Stacked header rows, given by hand: a group row over the names, joined per column.
const groups = [...header.map((_, k) => (k === 0 ? 'release' : k === 3 ? 'dates' : '')), 'text'];
const stackedNames = [...header.map((name, k) => (k < 3 ? `release ${name}` : `dates ${name}`)), 'text summary'];
write('clean-stacked.csv', csv([stackedNames, ...table.slice(1)]));
add('stacked-header.csv', csv([groups, ...table]), 'clean-stacked.csv', { options: { headerRows: 2 } });

// Encodings: Windows-1252 (bytes 0x80-0x9F: typographic quotes, dashes), Latin-1 (French text), UTF-16LE.
const typographic = [[...header, 'summary'], ...padded.map((row) => [...row, `Ubuntu ${row[0]} – “${row[1]}”`])];
write('clean-typographic.csv', csv(typographic));
const cp1252 = { '–': 0x96, '“': 0x93, '”': 0x94 };
const encode1252 = (text) => Uint8Array.from([...text].map((ch) => cp1252[ch] ?? ch.charCodeAt(0)));
add('windows-1252.csv', encode1252(csv(typographic)), 'clean-typographic.csv', { encoding: 'windows-1252' });
const french = [
  [...header, 'résumé'],
  ...padded.map((row) => [...row, `Version ${row[0]} « ${row[1]} », publiée le ${row[4]}`]),
];
write('clean-french.csv', csv(french));
add('latin1.csv', Buffer.from(csv(french), 'latin1'), 'clean-french.csv', { encoding: 'latin1' });
add('utf16le-bom.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(clean, 'utf16le')]), 'clean.csv', {
  encoding: 'utf-16le',
});

// The real file as published: rows shorter than the header (columns added over the years).
add('ubuntu.csv', source, 'ubuntu.csv');

write('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
