// udsv: the incremental parser of its README (schema inferred from the first chunk), typed
// objects handed to a callback so that rows are written as they come.
import { createReadStream, createWriteStream } from 'node:fs';
import { inferSchema, initParser } from 'udsv';
import { JsonArrayWriter } from './json-array-writer.mjs';

const [, input, output] = process.argv.slice(2);
const writer = new JsonArrayWriter(createWriteStream(output));
let parser = null;
const onRow = (row) => writer.write(row);
for await (const chunk of createReadStream(input, 'utf8')) {
  parser ??= initParser(inferSchema(chunk));
  parser.chunk(chunk, parser.typedObjs, onRow);
}
parser?.end();
await writer.end();
