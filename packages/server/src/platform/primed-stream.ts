/**
 * Starts an output stream and waits for its first chunk, so that a failure before any output (a
 * conversion error: the engine reads all JSON input before writing CSV) can still be answered as an
 * error before the status line is sent, or before a file is created for it. Returns the whole stream,
 * first chunk included.
 */
export async function primed(output: AsyncIterable<Uint8Array>): Promise<AsyncIterable<Uint8Array>> {
  const iterator = output[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
      } finally {
        await iterator.return?.();
      }
    },
  };
}
