/** A dropped file's text, and a sentence saying how it was read when that was not plain UTF-8. */
export interface DroppedText {
  text: string;
  note: string | undefined;
}

/**
 * Reads a dropped file: UTF-8 when its bytes are UTF-8 (a byte order mark dropped); otherwise in the encoding
 * the engine's detection finds in the whole file (a UTF-16 byte order mark or NUL pattern, a single-byte
 * encoding such as Windows-1252), and says so. Read as UTF-8 regardless, each byte of "café" in
 * Windows-1252 that is not ASCII would become U+FFFD without a word.
 */
export async function readDroppedFile(file: File): Promise<DroppedText> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A NUL is never in JSON or CSV text as written: it is one half of a UTF-16 character.
  if (!bytes.includes(0)) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), note: undefined };
    } catch {
      // Not UTF-8: detected below.
    }
  }
  // Loaded only for such a file: the detection carries chardet.
  const { detectEncoding } = await import('@unnest/engine/encoding');
  const { encoding, bomLength } = detectEncoding(bytes, true);
  const { text, replaced } = decode(encoding, bytes.subarray(bomLength));
  const notes = [
    encoding === 'utf-8'
      ? ''
      : `${file.name} is not UTF-8: it was read as ${encoding}. Check its characters before converting.`,
    replaced ? `${file.name} holds bytes that are not ${encoding}: each was read as \uFFFD.` : '',
  ].filter(Boolean);
  return { text, note: notes.length > 0 ? notes.join(' ') : undefined };
}

/** The text of `bytes` in `encoding`, and whether bytes that are not had to become U+FFFD. */
function decode(encoding: string, bytes: Uint8Array): { text: string; replaced: boolean } {
  try {
    return { text: decodeWhole(new TextDecoder(encoding, { fatal: true }), bytes), replaced: false };
  } catch {
    return { text: decodeWhole(new TextDecoder(encoding), bytes), replaced: true };
  }
}

/**
 * Streamed, then flushed: Node 20's one-call decode of Windows-1252 takes a Latin-1 shortcut that reads
 * 0x80-0x9F as controls instead of € “ ” (the tests run there); browsers read both ways alike.
 */
function decodeWhole(decoder: TextDecoder, bytes: Uint8Array): string {
  return decoder.decode(bytes, { stream: true }) + decoder.decode();
}
