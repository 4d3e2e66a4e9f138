import { describe, expect, it } from 'vitest';
import type { Notice } from '../byte-source.js';
import { concatBytes } from '../byte-source.js';
import { decodeToUtf8, detectEncoding, ENCODING_SAMPLE_BYTES } from './encoding.js';
import { chunkings } from './test-chunks.js';

const TEXT = 'name,city\nZoë,Zürich\n';

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out[i * 2 + (bigEndian ? 1 : 0)] = unit & 0xff;
    out[i * 2 + (bigEndian ? 0 : 1)] = unit >> 8;
  }
  return out;
}

/** `text` in a single-byte `encoding` (`latin1`: ISO-8859-1), by the platform's own table for it. */
function encode(text: string, encoding: string): Uint8Array {
  const byteOf = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) {
    // Streamed: Node's one-call Windows-1252 decode reads 0x80-0x9F as Latin-1's controls.
    const character =
      encoding === 'latin1'
        ? String.fromCharCode(byte)
        : new TextDecoder(encoding).decode(Uint8Array.of(byte), { stream: true });
    if (!byteOf.has(character)) byteOf.set(character, byte);
  }
  return Uint8Array.from([...text], (character) => {
    const byte = byteOf.get(character);
    if (byte === undefined) throw new Error(`${character} is not in ${encoding}`);
    return byte;
  });
}

async function decodeEveryWay(bytes: Uint8Array): Promise<{ text: string; notices: Notice[] }> {
  const results: { text: string; notices: Notice[] }[] = [];
  for (const { chunks } of chunkings(bytes)) {
    const notices: Notice[] = [];
    const out: Uint8Array[] = [];
    for await (const chunk of decodeToUtf8(chunks, { onNotice: (notice) => notices.push(notice) })) out.push(chunk);
    results.push({ text: new TextDecoder('utf-8', { fatal: true }).decode(concatBytes(out)), notices });
  }
  for (const result of results) expect(result).toEqual(results[0]);
  return results[0] ?? { text: '', notices: [] };
}

describe('input encodings', () => {
  it('passes UTF-8 through and strips its byte order mark', async () => {
    const plain = new TextEncoder().encode(TEXT);
    expect(await decodeEveryWay(plain)).toEqual({ text: TEXT, notices: [] });
    expect(await decodeEveryWay(concatBytes([new Uint8Array([0xef, 0xbb, 0xbf]), plain]))).toEqual({
      text: TEXT,
      notices: [],
    });
  });

  it('transcodes UTF-16LE and UTF-16BE with a byte order mark', async () => {
    const le = concatBytes([new Uint8Array([0xff, 0xfe]), utf16(TEXT, false)]);
    const be = concatBytes([new Uint8Array([0xfe, 0xff]), utf16(TEXT, true)]);
    expect(await decodeEveryWay(le)).toEqual({
      text: TEXT,
      notices: [{ kind: 'encoding', encoding: 'utf-16le', confidence: 1 }],
    });
    expect(await decodeEveryWay(be)).toEqual({
      text: TEXT,
      notices: [{ kind: 'encoding', encoding: 'utf-16be', confidence: 1 }],
    });
  });

  it('recognises UTF-16 without a byte order mark by its NUL bytes', async () => {
    expect(await decodeEveryWay(utf16(TEXT, false))).toEqual({
      text: TEXT,
      notices: [{ kind: 'encoding', encoding: 'utf-16le', confidence: 0.9 }],
    });
    expect(await decodeEveryWay(utf16(TEXT, true))).toEqual({
      text: TEXT,
      notices: [{ kind: 'encoding', encoding: 'utf-16be', confidence: 0.9 }],
    });
  });

  it('reads a short UTF-8 text holding a NUL as UTF-8, not as UTF-16 by its NUL pattern', async () => {
    // A cell holding U+0000, as json2csv writes {"a":"\u0000"}: one NUL in four bytes (found by the round-trip property).
    const text = 'a\n\u0000\n';
    expect(await decodeEveryWay(new TextEncoder().encode(text))).toEqual({ text, notices: [] });
  });

  it('reads a start that is not valid UTF-8 as Windows-1252 when bytes 0x80-0x9F occur', async () => {
    // "Zoë,Zürich,€5" in Windows-1252
    const bytes = new Uint8Array([0x5a, 0x6f, 0xeb, 0x2c, 0x5a, 0xfc, 0x72, 0x69, 0x63, 0x68, 0x2c, 0x80, 0x35]);
    expect(await decodeEveryWay(bytes)).toEqual({
      text: 'Zoë,Zürich,€5',
      notices: [{ kind: 'encoding', encoding: 'windows-1252', confidence: expect.any(Number) }],
    });
  });

  it('takes a Central European encoding chardet leans to, below its sure mark, when Windows-1252 puts symbols in words', async () => {
    // Polish and Czech region names (from Debian's iso-codes) as Windows-1250 saves them; chardet: windows-1250
    // 32, windows-1252 24. Read in Windows-1252, "Łódzkie" is "£ódzkie" and "Dolnośląskie" "Dolnoœl¹skie".
    const text = [
      'code,name,type',
      'PL-10,Łódzkie,Voivodship',
      'PL-02,Dolnośląskie,Voivodship',
      'PL-24,Śląskie,Voivodship',
      'PL-14,Mazowieckie,Voivodship',
      'CZ-10,"Praha, Hlavní město",Capital city',
      'CZ-20,Středočeský kraj,Region',
      'CZ-201,Benešov,District',
      '',
    ].join('\n');
    const windows1250: Record<string, number> = {
      Ł: 0xa3,
      ó: 0xf3,
      ś: 0x9c,
      ą: 0xb9,
      Ś: 0x8c,
      í: 0xed,
      ě: 0xec,
      ř: 0xf8,
      č: 0xe8,
      ý: 0xfd,
      š: 0x9a,
    };
    const bytes = new Uint8Array([...text].map((c) => windows1250[c] ?? c.charCodeAt(0)));
    expect(await decodeEveryWay(bytes)).toEqual({
      text,
      notices: [{ kind: 'encoding', encoding: 'windows-1250', confidence: expect.any(Number) }],
    });
  });

  it('keeps Windows-1252 for Western text, whose reading has no symbols inside words', async () => {
    const text = 'name,city\nZoë,Zürich\nJosé,Málaga\nFrançois,Besançon\n“Å”,Ålesund €\n';
    const windows1252: Record<string, number> = {
      ë: 0xeb,
      ü: 0xfc,
      é: 0xe9,
      á: 0xe1,
      ç: 0xe7,
      '“': 0x93,
      '”': 0x94,
      Å: 0xc5,
      '€': 0x80,
    };
    const bytes = new Uint8Array([...text].map((c) => windows1252[c] ?? c.charCodeAt(0)));
    expect((await decodeEveryWay(bytes)).text).toBe(text);
  });

  it('tells the Latin code pages apart by the letters each reading gives, where chardet guesses wrong', async () => {
    // Short sentences with the letters of each language, a CSV row each. chardet reads the Turkish as
    // ISO-8859-2 (Adıyaman would be Adýyaman) and the Czech as Windows-1252 (město would be mìsto).
    const samples: [string, string, string[]][] = [
      [
        'windows-1254',
        'tr',
        ['Pijamalı hasta yağız şoföre çabucak güvendi', 'İstanbul, Adıyaman, Ağrı, Şanlıurfa, Iğdır'],
      ],
      ['windows-1250', 'cs', ['Příliš žluťoučký kůň úpěl ďábelské ódy', 'Hlavní město Praha, Středočeský kraj']],
      ['iso-8859-2', 'sk', ['Kŕdeľ šťastných ďatľov učí pri ústí Váhu mĺkveho koňa', 'Žilinský kraj, Košice']],
      ['windows-1250', 'hu', ['Árvíztűrő tükörfúrógép', 'Győr-Moson-Sopron, Hajdú-Bihar, Szabolcs-Szatmár-Bereg']],
      ['windows-1250', 'hr', ['Gojazni đačić s biciklom drži hmelj i finu vatu u džepu nošnje', 'Osječko-baranjska']],
      ['windows-1257', 'lt', ['Įlinkdama fechtuotojo špaga sublykčiojusi pragręžė apvalų arbūzą', 'Šiaulių apskritis']],
      ['windows-1252', 'fr', ['Voix ambiguë d’un cœur qui au zéphyr préfère les jattes de kiwis', 'Île-de-France €']],
    ];
    for (const [encoding, language, lines] of samples) {
      const text = ['id,language,text', ...lines.map((line, k) => `${k},${language},"${line}"`), ''].join('\n');
      const { text: read, notices } = await decodeEveryWay(encode(text, encoding));
      expect(read, `${language} in ${encoding}`).toBe(text);
      expect(notices).toEqual([{ kind: 'encoding', encoding, confidence: expect.any(Number) }]);
    }
  });

  it('reads a Latin-1 text whose only symbols are guillemets as Latin-1, not as letters of ISO-8859-2', async () => {
    // « and » are Ť and ť in ISO-8859-2, letters the Czech alphabet has: standing alone they are not judged.
    const text = 'version,résumé\n4.10,"Version 4.10 « Warty Warthog », publiée"\n';
    expect(await decodeEveryWay(encode(text, 'latin1'))).toEqual({
      text,
      notices: [{ kind: 'encoding', encoding: 'latin1', confidence: expect.any(Number) }],
    });
  });

  it('leaves Cyrillic to chardet, whose guess is unsure but no Latin reading looks like Latin text', async () => {
    const text =
      'id,text\n1,"Съешь же ещё этих мягких французских булок, да выпей чаю"\n2,"Широкая электрификация южных губерний"\n';
    expect(await decodeEveryWay(encode(text, 'windows-1251'))).toEqual({
      text,
      notices: [{ kind: 'encoding', encoding: 'windows-1251', confidence: expect.any(Number) }],
    });
  });

  it('does not mistake a UTF-8 sequence cut at the end of the sample for Latin-1', () => {
    const bytes = new TextEncoder().encode('ab€');
    expect(detectEncoding(bytes.subarray(0, 3), false)).toEqual({ encoding: 'utf-8', bomLength: 0, confidence: 1 });
    expect(detectEncoding(bytes.subarray(0, 3), true)).toMatchObject({ encoding: 'latin1', bomLength: 0 });
  });

  it('decides by the first 64 KiB alone, however the input is cut: a Latin-1 byte after them is not read as Latin-1', async () => {
    const bytes = concatBytes([
      new TextEncoder().encode(`a,b\n${'1,é\n'.repeat(14_000)}`),
      Uint8Array.of(0x31, 0x2c, 0xe9, 0x0a),
    ]);
    expect(bytes.length).toBeGreaterThan(ENCODING_SAMPLE_BYTES);
    for (const chunks of [
      [bytes],
      [bytes.subarray(0, 1000), bytes.subarray(1000)],
      [bytes.subarray(0, 1 << 16), bytes.subarray(1 << 16)],
    ]) {
      const notices: Notice[] = [];
      const out: Uint8Array[] = [];
      for await (const chunk of decodeToUtf8(chunks, { onNotice: (notice) => notices.push(notice) })) out.push(chunk);
      // UTF-8, passed through untouched (the readers then report the byte that is not).
      expect(notices).toEqual([]);
      expect(concatBytes(out)).toEqual(bytes);
    }
  });

  it('reports progress with the running total of input bytes', async () => {
    const seen: number[] = [];
    for await (const _ of decodeToUtf8([new Uint8Array(3), new Uint8Array(4)], { onProgress: (n) => seen.push(n) })) {
      // drain
    }
    expect(seen).toEqual([3, 7]);
  });

  it('fails clearly on broken UTF-16', async () => {
    const broken = concatBytes([new Uint8Array([0xff, 0xfe]), utf16('a', false), new Uint8Array([0x00, 0xdc])]);
    const drain = async () => {
      for await (const _ of decodeToUtf8([broken], {})) {
        // drain
      }
    };
    await expect(drain()).rejects.toMatchObject({ code: 'UNSUPPORTED_ENCODING' });
  });
});
