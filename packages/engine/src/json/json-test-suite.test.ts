/**
 * JSONTestSuite conformance (testdata/conformance/JSONTestSuite, rules in its README): every y_ file is
 * accepted, every n_ file is rejected with a positioned ConversionError, and each i_ file keeps the
 * behaviour chosen below. Files are fed as raw bytes, whole and one byte at a time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConversionError } from '../errors.js';
import { jsonToCsv } from '../json-to-csv.js';

const folder = fileURLToPath(new URL('../../../../testdata/conformance/JSONTestSuite/test_parsing/', import.meta.url));
const files = readdirSync(folder).sort();

/**
 * The i_ files we reject: those whose bytes are not valid UTF-8 (the reader never alters bad bytes),
 * including UTF-16 without a byte order mark. Every other i_ file is accepted: huge or tiny numbers are
 * copied as written, lone surrogate escapes become U+FFFD, a UTF-8 BOM is dropped, UTF-16 with a BOM
 * is transcoded, 500 nested arrays are within the depth limit.
 */
const REJECTED_I = new Set([
  'i_string_UTF-8_invalid_sequence.json',
  'i_string_UTF8_surrogate_U+D800.json',
  'i_string_invalid_utf-8.json',
  'i_string_iso_latin_1.json',
  'i_string_lone_utf8_continuation_byte.json',
  'i_string_not_in_unicode_range.json',
  'i_string_overlong_sequence_2_bytes.json',
  'i_string_overlong_sequence_6_bytes.json',
  'i_string_overlong_sequence_6_bytes_null.json',
  'i_string_truncated-utf-8.json',
  'i_string_utf16BE_no_BOM.json',
  'i_string_utf16LE_no_BOM.json',
]);

async function outcome(chunks: Uint8Array[]): Promise<'accepted' | ConversionError> {
  try {
    for await (const _ of jsonToCsv(chunks)) {
      // Output is not judged here, only acceptance.
    }
    return 'accepted';
  } catch (error) {
    if (error instanceof ConversionError) return error;
    throw error;
  }
}

function byteChunks(bytes: Uint8Array): Uint8Array[] {
  return Array.from(bytes, (byte) => new Uint8Array([byte]));
}

describe('JSONTestSuite test_parsing', () => {
  it('holds the 318 cases', () => {
    expect(files.length).toBe(318);
  });

  for (const name of files) {
    const verdict = name[0] === 'y' || (name[0] === 'i' && !REJECTED_I.has(name)) ? 'accept' : 'reject';
    it(`${verdict}s ${name}`, async () => {
      const bytes = new Uint8Array(readFileSync(`${folder}${name}`));
      // A hang fails by the test's own timeout; how long a case takes is bench/'s business.
      const whole = await outcome([bytes]);
      if (verdict === 'accept') expect(whole).toBe('accepted');
      else {
        expect(whole).toBeInstanceOf(ConversionError);
        const error = whole as ConversionError;
        if (name[0] === 'n') {
          expect(error.line).toBeGreaterThan(0);
          expect(error.column).toBeGreaterThan(0);
          expect(error.offset).toBeGreaterThanOrEqual(0);
        }
      }
      if (bytes.length <= 4096) {
        const split = await outcome(byteChunks(bytes));
        if (whole === 'accepted') expect(split).toBe('accepted');
        else expect(split).toMatchObject({ code: whole.code, line: whole.line, column: whole.column });
      }
    });
  }
});
