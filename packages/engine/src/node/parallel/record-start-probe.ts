const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** Records a probe reads after a candidate cut before it takes it. */
const PROBED_RECORDS = 8;

/**
 * A guess, never relied on, of whether a CSV line starts a record rather than a line inside a quoted cell: read
 * from there as a record start, the next few records have `width` cells each, and no quote closes a cell with
 * text after it (a cut inside quotes reads every quote the wrong way round). The conversion checks every cut
 * anyway; a good guess only spares it converting a piece again.
 */
export function looksLikeRecordStart(bytes: Uint8Array, at: number, delimiter: number, width: number): boolean {
  let cells = 1;
  let records = 0;
  let inQuotes = false;
  let cellStart = true;
  for (let i = at; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (inQuotes) {
      if (b !== QUOTE) continue;
      if (bytes[i + 1] === QUOTE) {
        i++;
        continue;
      }
      inQuotes = false;
      const next = bytes[i + 1];
      if (next !== undefined && next !== delimiter && next !== LF && next !== CR) return false;
      continue;
    }
    if (b === QUOTE) {
      if (!cellStart) return false;
      inQuotes = true;
      cellStart = false;
    } else if (b === delimiter) {
      cells++;
      cellStart = true;
    } else if (b === LF) {
      if (cells !== width) return false;
      if (++records === PROBED_RECORDS) return true;
      cells = 1;
      cellStart = true;
    } else if (b !== CR) cellStart = false;
  }
  return records > 0;
}

/** The cells of the first line, counted as `looksLikeRecordStart` does (quoted line breaks included). */
export function firstRowWidth(bytes: Uint8Array, delimiter: number): number {
  let cells = 1;
  let inQuotes = false;
  for (const b of bytes) {
    if (b === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && b === delimiter) cells++;
    else if (!inQuotes && b === LF) return cells;
  }
  return cells;
}

/** The likeliest delimiter of a CSV from its first line: the most frequent of `, ; tab |` outside quotes. */
export function likelyDelimiter(bytes: Uint8Array): number {
  const counts = new Map<number, number>([
    [0x2c, 0],
    [0x3b, 0],
    [0x09, 0],
    [0x7c, 0],
  ]);
  let inQuotes = false;
  for (const b of bytes) {
    if (b === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && b === LF) break;
    else if (!inQuotes && counts.has(b)) counts.set(b, (counts.get(b) as number) + 1);
  }
  let best = 0x2c;
  for (const [delimiter, count] of counts) if (count > (counts.get(best) as number)) best = delimiter;
  return best;
}
