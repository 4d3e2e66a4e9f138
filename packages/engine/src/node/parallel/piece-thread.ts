import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Notice } from '../../byte-source.js';
import { PieceWork } from './piece-work.js';
import type { PieceMessage, PieceRequest } from './protocol.js';

const fromSources = import.meta.url.endsWith('.ts');
/** Beside this module: in the engine's build, and in the CLI's bundle, which is built with its own copy. */
const WORKER_FILE = fileURLToPath(
  new URL(fromSources ? './piece-worker-sources.mjs' : './piece-worker.js', import.meta.url),
);

/** A failure inside a piece's worker, as it was reported there. */
export class PieceError extends Error {
  override name = 'PieceError';

  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** Where one piece is converted, asked one request at a time. */
export interface PieceRunner {
  ask<T>(request: PieceRequest): Promise<T>;
  /** Stops (a request still running is abandoned) and frees what the piece holds. */
  stop(): Promise<void>;
}

/**
 * The first piece, on the calling thread: it starts at once, while the worker threads of the others start up
 * (about a tenth of a second each here), and the calling thread would only wait otherwise.
 */
export class LocalPiece implements PieceRunner {
  private readonly work: PieceWork;
  /** The request running, which `stop` waits for: it writes into the output until it ends. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(onProgress: (bytes: number) => void, onNotice: (notice: Notice) => void = () => {}) {
    this.work = new PieceWork({ progress: onProgress, notice: onNotice });
  }

  ask<T>(request: PieceRequest): Promise<T> {
    const reply = this.work.handle(request);
    this.running = reply.catch(() => undefined);
    return reply as Promise<T>;
  }

  async stop(): Promise<void> {
    this.work.stop();
    await this.running;
    await this.work.dispose();
  }
}

/** One worker thread converting one piece. */
export class PieceThread implements PieceRunner {
  private readonly worker = new Worker(WORKER_FILE);
  private pending: { resolve: (value: unknown) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(onProgress: (bytes: number) => void, onNotice: (notice: Notice) => void = () => {}) {
    this.worker.on('message', (message: PieceMessage) => {
      if (message.type === 'progress') onProgress(message.bytes);
      else if (message.type === 'notice') onNotice(message.notice);
      else {
        const pending = this.pending;
        this.pending = null;
        if (message.ok) pending?.resolve(message.result);
        else pending?.reject(new PieceError(message.error.message, message.error.code));
      }
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`A piece's worker thread stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  ask<T>(request: PieceRequest): Promise<T> {
    if (this.failure !== null) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve: resolve as (value: unknown) => void, reject };
      this.worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    this.failure ??= new Error('The piece was stopped');
    await this.worker.terminate();
  }
}
