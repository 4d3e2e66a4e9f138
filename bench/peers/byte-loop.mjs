// Reference: a plain JavaScript loop over every byte of the file, read in 1 MiB chunks; the
// floor any JavaScript converter pays to look at its input once.
import { closeSync, openSync, readSync } from 'node:fs';

const [, input] = process.argv.slice(2);
const fd = openSync(input, 'r');
const chunk = Buffer.allocUnsafe(1 << 20);
let lines = 0;
let quotes = 0;
for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
  for (let i = 0; i < read; i++) {
    const byte = chunk[i];
    if (byte === 0x0a) lines++;
    else if (byte === 0x22) quotes++;
  }
}
closeSync(fd);
if (lines + quotes < 0) process.exit(1);
