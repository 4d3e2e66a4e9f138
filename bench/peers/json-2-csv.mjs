// json-2-csv: its API is synchronous over whole documents, so the file is read and parsed first.
import { readFileSync, writeFileSync } from 'node:fs';
import { csv2json, json2csv } from 'json-2-csv';
import { readJsonRecords } from './read-json-records.mjs';

const [direction, input, output, format] = process.argv.slice(2);
if (direction === 'json2csv') {
  writeFileSync(output, json2csv(readJsonRecords(input, format)));
} else {
  writeFileSync(output, JSON.stringify(csv2json(readFileSync(input, 'utf8'))));
}
