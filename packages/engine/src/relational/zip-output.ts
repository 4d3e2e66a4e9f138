/** The plan inside a relational ZIP, so that it reads back without another file. */
export const PLAN_FILE = 'plan.json';
/** How the tables inside were written (`{"excelSafe": true}`), so that reading back undoes exactly that. */
export const WRITTEN_FILE = 'written.json';

const ZIP_TIME = new Date(1980, 0, 1, 0, 0, 0);

/** One file of a ZIP: its name and its bytes as they stream. */
export interface ZipEntry {
  name: string;
  data: Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
}

/**
 * A ZIP of the entries, each deflated as its bytes stream through (the XLSX writer's library, fflate). Level 1:
 * CSV compresses well at any level, and level 6 took as long as the whole conversion.
 */
export async function* zipOutput(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  // Loaded on first use, as the XLSX writer does.
  const { Zip, ZipDeflate } = await import('fflate');
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const drain = (): Uint8Array[] => {
    if (failure !== null) throw failure;
    return out.splice(0, out.length);
  };
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 1 });
    // A fixed time (the earliest a ZIP can hold; DOS times are local), so that the same input gives the same bytes.
    file.mtime = ZIP_TIME;
    zip.add(file);
    for await (const chunk of entry.data) {
      file.push(chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
