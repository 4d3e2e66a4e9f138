// Reference: V8's JSON.parse of the whole file (read + parse, as a process); JSON Lines are
// parsed line by line. Nothing is written.
import { readJsonRecords } from './read-json-records.mjs';

const [, input, , format] = process.argv.slice(2);
const records = readJsonRecords(input, format);
if (!Array.isArray(records)) process.exit(1);
