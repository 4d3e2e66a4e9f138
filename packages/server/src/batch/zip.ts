import type { Readable } from 'node:stream';
import ZipStream from 'zip-stream';

/** One entry of a streamed ZIP: its name and how to open its bytes (opened only when its turn comes). */
export interface ZipEntry {
  name: string;
  date: Date;
  open: () => Promise<Readable>;
}

/**
 * A ZIP built while it is sent: entries are opened one after another and streamed through the
 * compressor with backpressure, so neither the archive nor an entry is ever held whole in memory or
 * written to a temporary file. A failing entry ends the stream with its error.
 */
export function streamedZip(entries: readonly ZipEntry[]): NodeJS.ReadableStream {
  const zip = new ZipStream({ zlib: { level: 6 } });
  const add = async () => {
    for (const entry of entries) {
      const source = await entry.open();
      await new Promise<void>((resolve, reject) => {
        zip.entry(source, { name: entry.name, date: entry.date }, (error) => (error ? reject(error) : resolve()));
      });
    }
    zip.finalize();
  };
  add().catch((error: unknown) => zip.destroy(error instanceof Error ? error : new Error(String(error))));
  return zip as unknown as NodeJS.ReadableStream;
}
