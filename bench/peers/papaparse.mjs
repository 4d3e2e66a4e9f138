// papaparse: Papa.unparse over parsed records (whole file in memory); for CSV, Papa.parse
// streaming a Node stream with header and dynamicTyping, writing each row as it comes.
import { createReadStream, createWriteStream, writeFileSync } from 'node:fs';
import Papa from 'papaparse';
import { JsonArrayWriter } from './json-array-writer.mjs';
import { readJsonRecords } from './read-json-records.mjs';

const [direction, input, output, format] = process.argv.slice(2);
if (direction === 'json2csv') {
  writeFileSync(output, Papa.unparse(readJsonRecords(input, format)));
} else {
  const writer = new JsonArrayWriter(createWriteStream(output));
  await new Promise((resolve, reject) => {
    Papa.parse(createReadStream(input, 'utf8'), {
      header: true,
      dynamicTyping: true,
      step: (row) => writer.write(row.data),
      complete: resolve,
      error: reject,
    });
  });
  await writer.end();
}
