// csv-parse: its streaming parser with header columns and cast (numbers and booleans typed).
import { createReadStream, createWriteStream } from 'node:fs';
import { parse } from 'csv-parse';
import { JsonArrayWriter } from './json-array-writer.mjs';

const [, input, output] = process.argv.slice(2);
const writer = new JsonArrayWriter(createWriteStream(output));
for await (const record of createReadStream(input).pipe(parse({ columns: true, cast: true }))) {
  writer.write(record);
}
await writer.end();
