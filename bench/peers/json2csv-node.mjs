// @json2csv/node: its streaming Transform (it parses JSON incrementally) piped as its README
// shows; the flatten transform is added for nested data, as its docs advise. Fields are left to
// the tool (it takes the first record's keys). stream.pipeline is not used: the parser closes
// itself after the closing bracket, which pipeline reports as a premature close.
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from '@json2csv/node';
import { flatten } from '@json2csv/transforms';

const [, input, output, format, shape] = process.argv.slice(2);
const transforms = shape === 'nested' ? [flatten({ objects: true, arrays: true, separator: '.' })] : [];
const parser = new Transform({ ndjson: format === 'ndjson', transforms }, {}, {});
const sink = createWriteStream(output);
await new Promise((resolve, reject) => {
  for (const stream of [parser, sink]) stream.on('error', reject);
  sink.on('finish', resolve);
  createReadStream(input).pipe(parser).pipe(sink);
});
