import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { ConversionHooks, CsvToJsonOptions, JsonToCsvOptions } from '@unnest/engine';
import { csvToJsonInParallel, DEFAULT_MIN_PIECE_BYTES, jsonToCsvInParallel } from '@unnest/engine/node';
import { type ParsedArgs, UsageError } from './flags.js';

/** The most threads `--threads` takes. */
const MAX_THREADS = 64;
/**
 * The smallest file split without `--threads`: below it two threads lost here (a 50 MB JSON array of botocore
 * shapes took 1.46 times as long on two as on one; each thread warms up its own compiler and heap), while the
 * 200 MB benchmark sets gained 6 to 19%. Given `--threads`, a file of two pieces (32 MiB) is split.
 */
export const SPLIT_BY_DEFAULT_BYTES = 128 * 1024 * 1024;

/** The threads `--threads` asks for (default: one per core), and whether it was given. */
export function threadsFrom(args: ParsedArgs): { threads: number; given: boolean } {
  const value = args.flags.get('threads');
  if (typeof value !== 'string') return { threads: availableParallelism(), given: false };
  const threads = Number(value);
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) {
    throw new UsageError(`--threads must be a whole number from 1 to ${MAX_THREADS}, got '${value}'`);
  }
  return { threads, given: true };
}

/** One conversion that may be split: a file in, a file out, the direction and its options. */
export interface SplittableConversion {
  direction: 'json2csv' | 'csv2json';
  inputPath: string;
  outputPath: string;
  options: JsonToCsvOptions | CsvToJsonOptions;
  threads: { threads: number; given: boolean };
  hooks: Pick<ConversionHooks, 'onProgress' | 'onNotice'>;
  say: (line: string) => void;
}

/**
 * Converts a JSON Lines, JSON array or CSV file of 128 MiB or more (given `--threads`, two pieces' size) on several threads, into a file beside the
 * output renamed over it at the end (as `writeOutput` does). Answers false, having written nothing, when the
 * file is smaller, one thread is asked for, or the engine finds the file cannot be split safely (it says why
 * on standard error): the caller then converts it on one thread.
 */
export async function convertOnCores(conversion: SplittableConversion): Promise<boolean> {
  const { direction, inputPath, outputPath, hooks, say } = conversion;
  const { threads, given } = conversion.threads;
  if (threads < 2) return false;
  const { size } = await stat(inputPath);
  if (size < (given ? 2 * DEFAULT_MIN_PIECE_BYTES : SPLIT_BY_DEFAULT_BYTES)) return false;
  const temporary = join(dirname(outputPath), `.${basename(outputPath)}.${process.pid}.partial`);
  await writeFile(temporary, new Uint8Array(0));
  try {
    const settings = { threads };
    const outcome =
      direction === 'json2csv'
        ? await jsonToCsvInParallel(inputPath, temporary, conversion.options as JsonToCsvOptions, hooks, settings)
        : await csvToJsonInParallel(inputPath, temporary, conversion.options as CsvToJsonOptions, hooks, settings);
    if (!outcome.parallel) {
      say(`converting on one thread: ${outcome.reason}`);
      await rm(temporary, { force: true });
      return false;
    }
    await rename(temporary, outputPath);
    say(`converted in ${outcome.pieces} pieces on ${outcome.pieces} threads`);
    return true;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
