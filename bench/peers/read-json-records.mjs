// Loads a JSON array or JSON Lines file whole, as the whole-document libraries need it.
import { readFileSync } from 'node:fs';

/** Reads a JSON array file, or a JSON Lines file when format is 'ndjson', into records. */
export function readJsonRecords(path, format) {
  const text = readFileSync(path, 'utf8');
  if (format !== 'ndjson') return JSON.parse(text);
  const records = [];
  for (const line of text.split('\n')) if (line.trim() !== '') records.push(JSON.parse(line));
  return records;
}
