/** Test support for jsonToCsv: every conversion run whole, one byte at a time and in random chunks. */
import { expect } from 'vitest';
import { concatBytes } from './byte-source.js';
import { ConversionError } from './errors.js';
import { jsonToCsv } from './json-to-csv.js';
import type { JsonToCsvOptions } from './options.js';
import type { Spool } from './spool.js';

export const encoder = new TextEncoder();

/** Splits bytes into chunks: whole, one byte each, or random sizes (seeded, so failures repeat). */
export function split(bytes: Uint8Array, mode: 'whole' | 'bytes' | 'random', seed = 7): Uint8Array[] {
  if (mode === 'whole') return [bytes];
  const chunks: Uint8Array[] = [];
  let state = seed;
  for (let at = 0; at < bytes.length; ) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const size = mode === 'bytes' ? 1 : 1 + (state % 17);
    chunks.push(bytes.slice(at, at + size));
    at += size;
  }
  return chunks;
}

export async function collect(chunks: Iterable<Uint8Array>, options?: JsonToCsvOptions): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of jsonToCsv(chunks, options)) parts.push(chunk);
  return concatBytes(parts);
}

export function bytesOf(input: string | Uint8Array): Uint8Array {
  return typeof input === 'string' ? encoder.encode(input) : input;
}

/** Converts whole, byte by byte and in random chunks; all three must agree. */
export async function csv(input: string | Uint8Array, options?: JsonToCsvOptions): Promise<string> {
  const bytes = bytesOf(input);
  const whole = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await collect(split(bytes, 'whole'), options));
  for (const mode of ['bytes', 'random'] as const) {
    expect(
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await collect(split(bytes, mode), options)),
      `chunking: ${mode}`,
    ).toBe(whole);
  }
  return whole;
}

/** The ConversionError a conversion fails with; every chunking must fail the same way. */
export async function failure(input: string | Uint8Array, options?: JsonToCsvOptions): Promise<ConversionError> {
  const bytes = bytesOf(input);
  const errors: ConversionError[] = [];
  for (const mode of ['whole', 'bytes', 'random'] as const) {
    const error = await collect(split(bytes, mode), options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, `chunking: ${mode}`).toBeInstanceOf(ConversionError);
    errors.push(error as ConversionError);
  }
  const [first, ...rest] = errors as [ConversionError, ...ConversionError[]];
  for (const other of rest) {
    expect({ code: other.code, line: other.line, column: other.column, record: other.record }).toEqual({
      code: first.code,
      line: first.line,
      column: first.column,
      record: first.record,
    });
  }
  return first;
}

/** A spool that reads back one byte per chunk: row lengths and rows cut anywhere. */
export function byteSpool(): Spool {
  const chunks: Uint8Array[] = [];
  return {
    write(chunk) {
      chunks.push(chunk.slice());
    },
    get size() {
      return chunks.reduce((n, chunk) => n + chunk.length, 0);
    },
    async *read() {
      for (const chunk of chunks) for (let k = 0; k < chunk.length; k++) yield chunk.subarray(k, k + 1);
    },
    async dispose() {},
  };
}
