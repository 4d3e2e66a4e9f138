/** Running byte count of a stream that `limitBytes` passes on. */
export interface ByteCount {
  bytes: number;
}

/**
 * Passes chunks on while counting them, and throws `tooLarge()` as soon as more than `max` bytes have
 * come, whatever the request claimed (a Content-Length can lie, and chunked bodies have none).
 */
export async function* limitBytes(
  source: AsyncIterable<Uint8Array>,
  max: number,
  count: ByteCount,
  tooLarge: () => Error,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    count.bytes += chunk.length;
    if (count.bytes > max) throw tooLarge();
    yield chunk;
  }
}
