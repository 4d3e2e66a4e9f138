import { SNIFFED_DELIMITERS } from '../options.js';

/** Records of the sample that take part in sniffing. */
const SNIFF_RECORDS = 50;

/**
 * Counts, per record of the sample, the candidate's occurrences outside quotes. The last record
 * is left out unless the sample is the whole input, since a chunk may cut it short.
 */
function countsPerRecord(sample: Uint8Array, delimiter: number, complete: boolean): number[] {
  const counts: number[] = [];
  let inQuotes = false;
  let count = 0;
  let atRecordStart = true;
  for (let i = 0; i < sample.length && counts.length < SNIFF_RECORDS; i++) {
    const b = sample[i];
    atRecordStart = false;
    if (b === 0x22) {
      inQuotes = !inQuotes;
    } else if (inQuotes) {
      // delimiters and line breaks inside quotes are data
    } else if (b === delimiter) {
      count++;
    } else if (b === 0x0a || b === 0x0d) {
      if (b === 0x0d && sample[i + 1] === 0x0a) i++;
      counts.push(count);
      count = 0;
      atRecordStart = true;
    }
  }
  if (complete && !atRecordStart && counts.length < SNIFF_RECORDS) counts.push(count);
  return counts;
}

/**
 * Chooses among `,` `;` tab `|` the delimiter that appears in the first record and splits the
 * most records into the same number of cells; ties go to the earlier candidate. A decimal comma
 * in `1,5;2` loses to `;` because a header rarely holds one. Falls back to `,`.
 */
export function sniffDelimiter(sample: Uint8Array, complete: boolean): string {
  let best: string = SNIFFED_DELIMITERS[0];
  let bestScore = 0;
  for (const candidate of SNIFFED_DELIMITERS) {
    const counts = countsPerRecord(sample, candidate.charCodeAt(0), complete);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    let consistent = 0;
    for (const count of counts) if (count === first) consistent++;
    const score = consistent / counts.length;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
