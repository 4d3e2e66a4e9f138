import { describe, expect, it } from 'vitest';
import { readDroppedFile } from './dropped-text';

const file = (bytes: number[] | Uint8Array, name = 'people.csv') => new File([new Uint8Array(bytes)], name);
const utf8 = (text: string) => [...new TextEncoder().encode(text)];

describe('readDroppedFile', () => {
  it('reads UTF-8 as is, a byte order mark dropped, with nothing to say', async () => {
    expect(await readDroppedFile(file(utf8('name\ncafé 😀\n')))).toEqual({ text: 'name\ncafé 😀\n', note: undefined });
    expect(await readDroppedFile(file([0xef, 0xbb, 0xbf, ...utf8('a\n')]))).toEqual({ text: 'a\n', note: undefined });
  });

  it('reads Windows-1252 as Windows-1252 and says so, where UTF-8 would have made each accent U+FFFD', async () => {
    // "name\ncafé, “quoted” €5\n" in Windows-1252.
    const bytes = [
      ...utf8('name\ncaf'),
      0xe9,
      ...utf8(', '),
      0x93,
      ...utf8('quoted'),
      0x94,
      ...utf8(' '),
      0x80,
      ...utf8('5\n'),
    ];
    expect(await readDroppedFile(file(bytes))).toEqual({
      text: 'name\ncafé, “quoted” €5\n',
      note: 'people.csv is not UTF-8: it was read as windows-1252. Check its characters before converting.',
    });
  });

  it('reads UTF-16 by its byte order mark or its NULs', async () => {
    const le = [0xff, 0xfe, ...[...'id,ç\n'].flatMap((c) => [c.charCodeAt(0), 0])];
    expect(await readDroppedFile(file(le))).toMatchObject({
      text: 'id,ç\n',
      note: expect.stringContaining('utf-16le'),
    });
    const noBom = [...'[{"a":1}]'].flatMap((c) => [c.charCodeAt(0), 0]);
    expect(await readDroppedFile(file(noBom, 'a.json'))).toEqual({
      text: '[{"a":1}]',
      note: 'a.json is not UTF-8: it was read as utf-16le. Check its characters before converting.',
    });
  });

  it('says when UTF-8 announced by its byte order mark holds bytes that are not UTF-8', async () => {
    const bytes = [0xef, 0xbb, 0xbf, ...utf8('a,b\n'), 0xff, ...utf8('\n')];
    expect(await readDroppedFile(file(bytes))).toEqual({
      text: 'a,b\n\uFFFD\n',
      note: 'people.csv holds bytes that are not utf-8: each was read as \uFFFD.',
    });
  });
});
