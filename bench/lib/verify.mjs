/**
 * Judges a tool's output against the manifest of the data set it converted: record count, the
 * column set (late keys included), and the sentinel rows' exact values (big numbers and long
 * decimals byte for byte, text with quotes, newlines and emoji, nulls, booleans).
 * Returns `{ failures, notes }`: failures make the result wrong, notes are differences of style.
 */
import { isUtf8 } from 'node:buffer';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { scanCsv } from './scan-csv.mjs';
import { scanJson } from './scan-json.mjs';

/** How a cell differs from what was expected, as a short label, or null when it matches. */
function cellProblem(column, want, got, typed) {
  if (got === undefined) return null;
  if (typed && got.kind !== want.kind) {
    if (want.kind === 'null' && got.kind === 'string' && got.text === '') return 'null as ""';
    if (got.text === want.text && got.kind === 'string') return `${want.kind}s as strings (${column})`;
    return `${column}: ${want.kind} as ${got.kind} ${JSON.stringify(got.text).slice(0, 40)}`;
  }
  if (got.text === want.text) return null;
  if (want.kind === 'number' && Number(got.text) === Number(want.text)) return 'rounds numbers';
  if (want.kind === 'null' && got.text === 'null') return 'writes null as "null"';
  if (got.text === 'undefined') return 'writes "undefined"';
  if (want.kind === 'boolean') return `rewrites booleans (${got.text})`;
  if (want.kind === 'string' && got.text === want.text.replaceAll('\r\n', '\n')) return 'rewrites CRLF in text';
  if (/^\d{4}-\d\d-\d\dT/.test(want.text)) return `rewrites timestamps (${got.text})`;
  return `changes ${column}: ${JSON.stringify(got.text).slice(0, 40)}`;
}

/** Differences that keep the data (types left as text, empty cells as ""), reported as notes. */
const isSoft = (problem) => problem === 'null as ""' || / as strings \(/.test(problem);

function checkColumns(present, set, failures) {
  const missing = set.columns.filter((c) => !present.has(c));
  const lateMissing = missing.filter((c) => set.lateColumns.includes(c));
  const otherMissing = missing.filter((c) => !set.lateColumns.includes(c));
  if (lateMissing.length > 0) failures.push(`drops late keys (${lateMissing.join(', ')})`);
  if (otherMissing.length > 0) {
    const unflattened = otherMissing.some((c) => c.includes('.') && present.has(c.split('.')[0]));
    failures.push(unflattened ? 'does not flatten' : `missing columns (${otherMissing.slice(0, 3).join(', ')})`);
  }
  const arraysMissing = set.arrays.filter((a) => ![...present].some((c) => c === a || c.startsWith(`${a}.`)));
  if (arraysMissing.length > 0) failures.push(`drops arrays (${arraysMissing.join(', ')})`);
}

function checkSentinels(set, picked, failures, notes) {
  for (const sentinel of set.sentinels) {
    const got = picked.get(sentinel.row);
    if (!got) continue;
    for (const [column, want] of Object.entries(sentinel.cells)) {
      const problem = cellProblem(column, want, got[column], true);
      if (problem) (isSoft(problem) ? notes : failures).push(problem);
    }
  }
}

function verifyCsv(buf, set, failures) {
  const wanted = new Set(set.sentinels.map((s) => s.row));
  const scan = scanCsv(buf, wanted);
  if (scan.unclosedQuote) failures.push('unclosed quote');
  if (scan.records !== set.records) failures.push(`rows ${scan.records}, want ${set.records}`);
  if (scan.ragged > 0) failures.push(`${scan.ragged} ragged rows (first: row ${scan.firstRagged + 1})`);
  checkColumns(new Set(scan.header), set, failures);
  const picked = new Map();
  for (const [row, fields] of scan.picked) {
    const cells = {};
    scan.header.forEach((column, i) => {
      if (fields[i] !== undefined) cells[column] = { kind: 'text', text: fields[i] };
    });
    picked.set(row, cells);
  }
  // CSV cells carry no type, so only the text is compared.
  for (const sentinel of set.sentinels) {
    const got = picked.get(sentinel.row);
    if (!got) continue;
    for (const [column, want] of Object.entries(sentinel.cells)) {
      const problem = cellProblem(column, want, got[column], false);
      if (problem) failures.push(problem);
    }
  }
}

function verifyJson(buf, set, failures, notes) {
  const scan = scanJson(buf, new Set(set.sentinels.map((s) => s.row)));
  if (scan.error) failures.push(`invalid JSON (${scan.error})`);
  if (scan.records !== set.records) failures.push(`records ${scan.records}, want ${set.records}`);
  checkColumns(scan.keys, set, failures);
  checkSentinels(set, scan.picked, failures, notes);
}

/** Checks the output file of one conversion of `set` (an entry of the data manifest). */
export function verifyOutput(outputPath, set) {
  const failures = [];
  const notes = [];
  if (!existsSync(outputPath) || statSync(outputPath).size === 0) return { failures: ['no output'], notes };
  const buf = readFileSync(outputPath);
  if (!isUtf8(buf)) failures.push('invalid UTF-8');
  if (set.direction === 'json2csv') verifyCsv(buf, set, failures);
  else verifyJson(buf, set, failures, notes);
  return { failures: [...new Set(failures)], notes: [...new Set(notes)] };
}
