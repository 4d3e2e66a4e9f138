import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../byte-source.js';
import { concatBytes } from '../byte-source.js';
import { csvToJson } from '../csv-to-json.js';
import type { CsvToJsonOptions } from '../options.js';
import type { CsvDialect } from './dialect.js';

/**
 * The messy-CSV corpus (testdata/messy-csv, built by its make-corpus.mjs from a real public CSV): each damaged
 * file is read with no hints and compared with its clean version read as plain RFC 4180, by the precision and
 * recall of its header names, its records and its cells.
 */
const corpus = new URL('../../../../testdata/messy-csv/', import.meta.url);

interface CorpusFile {
  file: string;
  clean: string;
  /** Options given by hand (what cannot be sniffed, such as stacked header rows). */
  options?: CsvToJsonOptions;
  /** The parts of the dialect the sniffer must find. */
  dialect?: Partial<CsvDialect>;
  encoding?: string;
  /** Notices that must be among those reported (compared on the fields given). */
  notices?: Partial<Notice>[];
}

interface Reading {
  columns: string[];
  records: Record<string, string>[];
  notices: Notice[];
}

/** Every value a string (types off), names as written: what the comparison needs. */
const READ_AS_TEXT: CsvToJsonOptions = { types: false, unflatten: false };

async function read(file: string, options: CsvToJsonOptions): Promise<Reading> {
  const notices: Notice[] = [];
  const out: Uint8Array[] = [];
  const bytes = new Uint8Array(readFileSync(new URL(file, corpus)));
  for await (const chunk of csvToJson([bytes], { ...READ_AS_TEXT, ...options, onNotice: (n) => notices.push(n) })) {
    out.push(chunk);
  }
  const records = JSON.parse(new TextDecoder().decode(concatBytes(out))) as Record<string, string>[];
  const empty = notices.find((notice) => notice.kind === 'no-records');
  const columns = empty?.kind === 'no-records' ? empty.columns : Object.keys(records[0] ?? {});
  return { columns, records, notices };
}

/** Precision and recall of `got` against `expected`, as multisets. */
function score(got: string[], expected: string[]): { precision: number; recall: number } {
  const left = new Map<string, number>();
  for (const item of expected) left.set(item, (left.get(item) ?? 0) + 1);
  let hits = 0;
  for (const item of got) {
    const count = left.get(item) ?? 0;
    if (count > 0) {
      hits++;
      left.set(item, count - 1);
    }
  }
  return {
    precision: got.length === 0 ? (expected.length === 0 ? 1 : 0) : hits / got.length,
    recall: expected.length === 0 ? 1 : hits / expected.length,
  };
}

const recordKeys = (records: Record<string, string>[]): string[] =>
  records.map((record) => JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1))));
const cellKeys = (records: Record<string, string>[]): string[] =>
  records.flatMap((record) => Object.entries(record).map(([column, value]) => `${column}\u0000${value}`));

/**
 * What each file must reach, precision and recall alike: everything, unless listed here. A stray quote's clean
 * file holds the quote as text in the cell it opened, as the reader keeps it.
 */
const THRESHOLDS: Record<string, { header: number; records: number; cells: number }> = {
  default: { header: 1, records: 1, cells: 1 },
};

const files = JSON.parse(readFileSync(new URL('manifest.json', corpus), 'utf8')) as CorpusFile[];

describe('messy-CSV corpus', () => {
  it('holds every kind of damage the reader recovers from', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
  });

  for (const entry of files) {
    it(`${entry.file} reads as ${entry.clean}`, async () => {
      const expected = await read(entry.clean, { delimiter: ',', quote: '"', escape: 'none', skipRows: 0 });
      const got = await read(entry.file, entry.options ?? {});
      const threshold = THRESHOLDS[entry.file] ?? THRESHOLDS.default;
      const measured = {
        header: score(got.columns, expected.columns),
        records: score(recordKeys(got.records), recordKeys(expected.records)),
        cells: score(cellKeys(got.records), cellKeys(expected.records)),
      };
      for (const [part, { precision, recall }] of Object.entries(measured)) {
        const least = threshold?.[part as keyof typeof measured] ?? 1;
        expect(precision, `${part} precision`).toBeGreaterThanOrEqual(least);
        expect(recall, `${part} recall`).toBeGreaterThanOrEqual(least);
      }
      const dialect = got.notices.find((notice) => notice.kind === 'dialect');
      if (entry.dialect) expect(dialect).toMatchObject({ dialect: entry.dialect });
      if (entry.encoding) expect(dialect).toMatchObject({ dialect: { encoding: entry.encoding } });
      for (const notice of entry.notices ?? []) expect(got.notices).toContainEqual(expect.objectContaining(notice));
    });
  }
});
