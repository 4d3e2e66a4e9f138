import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellFormed } from '../analysis/utf8-text.js';
import { holdsLoneSurrogate } from './json-string.js';

const encoder = new TextEncoder();

/** Text made of pieces that test the pairing: ASCII, escapes, a whole pair, and halves of one alone. */
const pieces = fc.array(fc.constantFrom('a', '\\', '"', '\n', 'é', '\ufffd', '😀', '\ud83d', '\ude00', '\udbff'), {
  maxLength: 12,
});

/** The content of `text` as a JSON string (between its quotes), every non-ASCII character escaped or not. */
function content(text: string, escapeAll: boolean): Uint8Array {
  const json = JSON.stringify(text);
  const written = escapeAll
    ? json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : json;
  return encoder.encode(written.slice(1, -1));
}

describe('holdsLoneSurrogate', () => {
  it('finds a half of a surrogate pair alone, never a whole pair or U+FFFD itself', () => {
    fc.assert(
      fc.property(pieces, fc.boolean(), (parts, escapeAll) => {
        const text = parts.join('');
        const bytes = content(text, escapeAll);
        expect(holdsLoneSurrogate(bytes, 0, bytes.length)).toBe(wellFormed(text) !== text);
      }),
      { numRuns: 500 },
    );
  });

  it('looks only inside the range it is given', () => {
    const bytes = encoder.encode(String.raw`ok\ud800`);
    expect(holdsLoneSurrogate(bytes, 0, 2)).toBe(false);
    expect(holdsLoneSurrogate(bytes, 0, bytes.length)).toBe(true);
  });
});
