import { setMaxListeners } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, type TransferListItem, type Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ChunkStreamAborted, receiveChunks, sendChunks } from './chunk-channel.js';
import {
  type Comparison,
  type ComparisonTask,
  type ConversionSummary,
  type ConversionWorkerData,
  type EngineSettings,
  failureError,
  type PlanAnswer,
  type PlanTask,
  type ReadConversion,
  type StoredConversion,
  type StoredConversionTask,
  type TaskOutcome,
} from './conversion-tasks.js';
import { AppError } from './errors.js';
import { acceptsDirectWrites } from './storage/direct-writes.js';

export interface ConversionPoolOptions {
  storage: ConversionWorkerData['storage'];
  spoolDir: string;
  /** Most bulk-lane threads (default: one per core). */
  threads?: number;
  /** Heap limit of each worker; a conversion that passes it fails alone and its worker is replaced. */
  heapLimitMb?: number;
  /** The largest relational ZIP read back to JSON (default 256 MB; see ConversionWorkerData). */
  maxRelationalZipBytes?: number;
}

const DEFAULT_HEAP_LIMIT_MB = 1024;
/** Two relational ZIPs read back at once (each held whole, briefly twice) stay inside the server's memory bound. */
const DEFAULT_MAX_RELATIONAL_ZIP_BYTES = 256 * 1024 * 1024;
/** Inputs known to be at most this big take the quick lane, so big conversions never delay them. */
export const QUICK_LANE_MAX_BYTES = 1024 * 1024;
/** The bulk lane's nice value while other conversions wait (see `contended`). */
const BULK_NICE_INCREMENT = 10;
const IDLE_THREAD_MS = 60_000;
const SHUTDOWN_RETRY_AFTER_SECONDS = 10;

// Under the test runner the server runs from its TypeScript sources: the worker then loads them through
// tsx, with the workspace packages' sources too (the `source` export condition), as the tests do.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_FILE = fileURLToPath(
  new URL(fromSources ? './conversion-worker-sources.mjs' : './conversion-worker.js', import.meta.url),
);

type Lane = 'bulk' | 'quick';

/**
 * The conversion worker pool: the only place the server runs the engine, off the HTTP thread. Two
 * lanes of threads: the bulk lane (up to one thread per core) and a one-thread quick lane for inputs
 * known to be small (QUICK_LANE_MAX_BYTES), so that a 1 KB conversion never waits behind gigabytes.
 * Tasks wait in Piscina's queue for a free thread; a streamed upload is not read from the client
 * until its task runs, so queued uploads hold no memory. Each task may be given an AbortSignal, and
 * `close` aborts whatever is still running after its grace time.
 *
 * No thread starts before the first task (the `worker` and `admin` commands may never convert). The
 * quick lane then keeps its thread; bulk threads end after a minute idle. A bulk conversion runs at
 * normal priority while it is alone, and yields the CPU (nice +10) while another bulk conversion or a
 * queue of quick ones is in flight, so a lone big upload is not slowed and many are not felt by the
 * HTTP thread and the quick lane. (Only a process allowed to raise priority, such as root or one with
 * CAP_SYS_NICE, brings a thread back to normal priority; elsewhere a thread that yielded keeps yielding
 * until it ends.)
 */
export class ConversionPool {
  private readonly lanes: Partial<Record<Lane, Piscina>> = {};
  private readonly inFlight: Record<Lane, number> = { bulk: 0, quick: 0 };
  /** The nice value bulk threads should run at, shared with them (read at each input chunk). */
  private readonly bulkNice = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  private readonly closing = new AbortController();
  private closed: Promise<void> | undefined;
  private threadStorage: Promise<ConversionWorkerData['storage']> | undefined;

  constructor(private readonly options: ConversionPoolOptions) {
    // Every running task listens to it.
    setMaxListeners(0, this.closing.signal);
  }

  /** The worker threads of both lanes (operators' metrics; tests end them to see a conversion fail cleanly). */
  get threads(): readonly Worker[] {
    return [...(this.lanes.bulk?.threads ?? []), ...(this.lanes.quick?.threads ?? [])];
  }

  /**
   * The storage the threads are given: for a local folder, whether it takes direct writes is found here once
   * for the process (see acceptsDirectWrites), so that a thread that starts does not probe it again.
   */
  private storageForThreads(): Promise<ConversionWorkerData['storage']> {
    const storage = this.options.storage;
    this.threadStorage ??=
      storage.kind === 'local' && storage.directWrites === true
        ? fs
            .mkdir(storage.root, { recursive: true, mode: 0o700 })
            .then(() => acceptsDirectWrites(storage.root))
            .then((taken) => ({ ...storage, directWrites: taken }))
        : Promise.resolve(storage);
    return this.threadStorage;
  }

  private lane(lane: Lane, storage: ConversionWorkerData['storage']): Piscina {
    const existing = this.lanes[lane];
    if (existing) return existing;
    const workerData: ConversionWorkerData = {
      storage,
      spoolDir: this.options.spoolDir,
      maxRelationalZipBytes: this.options.maxRelationalZipBytes ?? DEFAULT_MAX_RELATIONAL_ZIP_BYTES,
    };
    if (lane === 'bulk') workerData.niceValue = this.bulkNice;
    const created = new Piscina({
      filename: WORKER_FILE,
      // Each thread holds about 45 MB: the quick lane keeps its one warm, bulk threads start as tasks
      // queue (a fresh one at normal priority) and end after a minute idle.
      minThreads: lane === 'quick' ? 1 : 0,
      maxThreads: lane === 'quick' ? 1 : (this.options.threads ?? Math.max(1, os.availableParallelism())),
      idleTimeout: IDLE_THREAD_MS,
      // Tasks use message ports and storage I/O that must run between tasks too.
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapLimitMb ?? DEFAULT_HEAP_LIMIT_MB },
      workerData,
      ...(fromSources ? { execArgv: ['--conditions=source'] } : {}),
    });
    this.lanes[lane] = created;
    return created;
  }

  /** Bulk threads yield the CPU while more than one bulk conversion, or a queue of quick ones, is in flight. */
  private track(lane: Lane, change: 1 | -1): void {
    this.inFlight[lane] += change;
    const contended = this.inFlight.bulk > 1 || this.inFlight.quick > 1;
    Atomics.store(this.bulkNice, 0, contended ? BULK_NICE_INCREMENT : 0);
  }

  /**
   * Streams `input` to a worker that stores it under `originalKey` while converting it into
   * `resultKey`. A failure of `input` (a cut connection, a size limit) is rethrown as it was; the
   * worker then deletes what it stored.
   */
  async toStorage(
    task: Omit<StoredConversionTask, 'input'>,
    input: AsyncIterable<Uint8Array>,
    options: TaskOptions = {},
  ): Promise<StoredConversion> {
    const source = await readSmallWhole(input, options.sizeHint);
    const channel = new MessageChannel();
    const feeding = feed(channel.port1, source);
    try {
      const outcome = await this.run<StoredConversion>(
        'toStorage',
        { ...task, input: channel.port2 },
        [channel.port2],
        options,
      );
      return settle(outcome, feeding);
    } catch (error) {
      throw feeding.error ?? error;
    } finally {
      channel.port1.close();
    }
  }

  /**
   * Converts an input stored already under `task.originalKey` (a batch file) into `task.resultKey`: the
   * worker reads and writes storage itself, so none of the bytes cross this thread. `bytesRead` (one
   * BigInt64 on shared memory) follows how much of the original the worker has read.
   */
  async storedToStorage(
    task: Omit<StoredConversionTask, 'input' | 'bytesRead'>,
    bytesRead: BigInt64Array,
    options: TaskOptions = {},
  ): Promise<StoredConversion> {
    return settle(await this.run<StoredConversion>('toStorage', { ...task, bytesRead }, [], options));
  }

  /**
   * Converts `input` as it streams in and yields the output as the worker writes it, with
   * backpressure both ways. A failure before the first output chunk rejects the first `next()`.
   */
  async *toStream(engine: EngineSettings, input: AsyncIterable<Uint8Array>, options: TaskOptions = {}) {
    const source = await readSmallWhole(input, options.sizeHint);
    const inbound = new MessageChannel();
    const outbound = new MessageChannel();
    const feeding = feed(inbound.port1, source);
    const task = this.run<ConversionSummary>(
      'toStream',
      { engine, input: inbound.port2, output: outbound.port2 },
      [inbound.port2, outbound.port2],
      options,
    );
    // Settled below; until then a rejection must not count as unhandled.
    task.catch(() => {});
    try {
      try {
        yield* receiveChunks(outbound.port1);
      } catch (error) {
        // The worker stopped sending: its outcome says why.
        if (!(error instanceof ChunkStreamAborted)) throw error;
      }
      settle(await task, feeding);
    } catch (error) {
      throw feeding.error ?? error;
    } finally {
      inbound.port1.close();
      outbound.port1.close();
    }
  }

  /** A small input converted in one piece. */
  async toBytes(engine: EngineSettings, input: Uint8Array, options: Omit<TaskOptions, 'sizeHint'> = {}) {
    return settle(await this.run<Uint8Array>('toBytes', { engine, input }, [], { ...options, sizeHint: input.length }));
  }

  /** A small CSV converted in one piece, with how it was read. */
  async toBytesRead(
    engine: EngineSettings,
    input: Uint8Array,
    options: Omit<TaskOptions, 'sizeHint'> = {},
  ): Promise<ReadConversion> {
    return settle(
      await this.run<ReadConversion>('toBytesRead', { engine, input }, [], { ...options, sizeHint: input.length }),
    );
  }

  /** The round-trip comparison of a JSON text and its CSV, and the JSON's analysis. */
  async compare(task: ComparisonTask): Promise<Comparison> {
    const sizeHint = task.originalJson.length + task.convertedCsv.length;
    return settle(await this.run<Comparison>('compare', task, [], { sizeHint }));
  }

  /**
   * Profiles a JSON input as it streams in and proposes a flattening plan; the worker stops reading once
   * its sample is complete (the rest of `input` is left unread).
   */
  async plan(task: Omit<PlanTask, 'input'>, input: AsyncIterable<Uint8Array>, options: TaskOptions = {}) {
    const source = await readSmallWhole(input, options.sizeHint);
    const channel = new MessageChannel();
    const feeding = feed(channel.port1, source);
    try {
      const outcome = await this.run<PlanAnswer>('plan', { ...task, input: channel.port2 }, [channel.port2], options);
      return settle(outcome, feeding);
    } catch (error) {
      throw feeding.error ?? error;
    } finally {
      channel.port1.close();
    }
  }

  /**
   * Stops taking tasks (new ones fail with 503) and lets running and queued ones finish for up to
   * `graceMs`; then aborts what is left (those fail with 503 and a retry hint too) and ends the threads.
   * Calling it again returns the same promise.
   */
  close(graceMs = 0): Promise<void> {
    this.closed ??= this.drain(graceMs);
    return this.closed;
  }

  private async drain(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    const lanes = Object.values(this.lanes);
    await Promise.race([Promise.all(lanes.map((lane) => lane.close())), graceOver]);
    clearTimeout(timer);
    this.closing.abort();
    await Promise.all(lanes.map((lane) => lane.destroy()));
  }

  private async run<T>(
    name: string,
    task: object,
    transferList: TransferListItem[],
    { sizeHint, signal, timeLimit }: TaskOptions,
  ): Promise<TaskOutcome<T>> {
    if (this.closed) throw shuttingDown();
    // A timer of our own rather than AbortSignal.timeout, whose signal Node may collect before it fires.
    const timeUp = new AbortController();
    const timer = timeLimit === undefined ? undefined : setTimeout(() => timeUp.abort(), timeLimit.ms);
    const abort = AbortSignal.any([signal, this.closing.signal, timeUp.signal].filter((one) => one !== undefined));
    // A Content-Length is held to by the HTTP parser, so a small hint cannot bring a big input.
    const lane: Lane = isSmall(sizeHint) ? 'quick' : 'bulk';
    const storage = await this.storageForThreads();
    this.track(lane, 1);
    try {
      return (await this.lane(lane, storage).run(task, {
        name,
        transferList,
        signal: abort,
      })) as TaskOutcome<T>;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeUp.signal.aborted && timeLimit) throw timeLimit.refusal();
      if (abort.aborted) throw shuttingDown();
      // The worker died under the task: ended, or out of memory. Piscina starts a new one.
      throw new AppError('CONVERSION_FAILED', {
        detail:
          'The conversion stopped: it ran out of memory or its worker ended. Nothing was stored; please try again.',
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      this.track(lane, -1);
    }
  }
}

export interface TaskOptions {
  /** The input's size when known before reading it (a Content-Length): small inputs take the quick lane. */
  sizeHint?: number | undefined;
  /** Aborts the task (its worker is ended when it is running). */
  signal?: AbortSignal | undefined;
  /**
   * Longest the task may take from now, its wait for a thread included: then it is aborted like `signal` (a
   * running worker is ended, what it stored is the caller's to remove) and fails with `refusal()`.
   */
  timeLimit?: { ms: number; refusal: () => Error } | undefined;
}

const isSmall = (sizeHint: number | undefined) => sizeHint !== undefined && sizeHint <= QUICK_LANE_MAX_BYTES;

/**
 * A small input is read whole before its task starts (at most QUICK_LANE_MAX_BYTES: the HTTP parser
 * holds a body to its Content-Length), so that a slow client never holds the one quick-lane thread.
 */
async function readSmallWhole(
  input: AsyncIterable<Uint8Array>,
  sizeHint: number | undefined,
): Promise<AsyncIterable<Uint8Array> | Uint8Array[]> {
  if (!isSmall(sizeHint)) return input;
  // The chunks are kept as they came, not joined: stream/consumers' buffer() would copy every small input
  // twice on the HTTP thread (through a Blob on Node 20) where keeping them copies nothing.
  const chunks: Uint8Array[] = [];
  for await (const chunk of input) chunks.push(chunk);
  return chunks;
}

function shuttingDown(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', {
    detail: 'The server is restarting; the conversion was stopped and nothing was stored. Please try again.',
    retryAfterSeconds: SHUTDOWN_RETRY_AFTER_SECONDS,
  });
}

/** The input fed to a worker; `error` holds the input's own failure once it happened. */
function feed(port: MessagePort, input: AsyncIterable<Uint8Array> | Uint8Array[]): { error: unknown } {
  const feeding: { error: unknown } = { error: undefined };
  sendChunks(port, input).catch((error: unknown) => {
    feeding.error = error;
  });
  return feeding;
}

/** The value of an outcome, or the error it stands for; the input's own failure comes first. */
function settle<T>(outcome: TaskOutcome<T>, feeding?: { error: unknown }): T {
  if (feeding?.error) throw feeding.error;
  if (outcome.ok) return outcome.value;
  throw failureError(outcome.failure);
}
