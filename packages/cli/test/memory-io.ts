import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../src/io.js';

/** An in-memory CliIo for tests: feed standard input, read what was written. */
export function memoryIo(stdin: string | Uint8Array = '', options: { stderrIsTTY?: boolean } = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk));
  stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const io: CliIo = {
    stdin: Readable.from([typeof stdin === 'string' ? Buffer.from(stdin) : Buffer.from(stdin)]),
    stdout,
    stderr,
    stdinIsTTY: false,
    stderrIsTTY: options.stderrIsTTY ?? false,
  };
  return {
    io,
    stdout: () => Buffer.concat(out).toString('utf8'),
    stdoutBytes: () => Buffer.concat(out),
    stderr: () => Buffer.concat(err).toString('utf8'),
  };
}
