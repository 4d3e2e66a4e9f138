import { closeSync, openSync, readSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';

/** How a conversion is split across cores. */
export interface ParallelSettings {
  /** Pieces, one worker thread each (default: the machine's cores). */
  threads?: number;
  /** The smallest piece in bytes (default 16 MiB): a file under twice this is not split. */
  minPieceBytes?: number;
  /** Where the pieces keep their rows until the header is known (default: the system's temporary folder). */
  directory?: string;
}

/** Whether the file was converted in pieces, or why not (then nothing usable was written: convert it whole). */
export type ParallelOutcome = { parallel: true; pieces: number } | { parallel: false; reason: string };

export const DEFAULT_MIN_PIECE_BYTES = 16 << 20;

export function resolvedSettings(settings: ParallelSettings): Required<ParallelSettings> {
  return {
    threads: settings.threads ?? availableParallelism(),
    minPieceBytes: settings.minPieceBytes ?? DEFAULT_MIN_PIECE_BYTES,
    directory: settings.directory ?? tmpdir(),
  };
}

/** The first `length` bytes of a file. */
export function fileHead(path: string, length: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.allocUnsafe(length);
    return head.subarray(0, readSync(fd, head, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/** A sentence for a piece that failed, which the conversion of the whole file will report properly. */
export function pieceFailure(error: unknown): string {
  return `a piece did not convert on its own (${error instanceof Error ? error.message : String(error)})`;
}
