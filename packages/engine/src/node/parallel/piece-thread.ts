import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Notice } from '../../byte-source.js';
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

/** One worker thread converting one piece, asked one request at a time. */
export class PieceThread {
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

  /** Sends a request and waits for its reply. */
  ask<T>(request: PieceRequest): Promise<T> {
    if (this.failure !== null) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve: resolve as (value: unknown) => void, reject };
      this.worker.postMessage(request);
    });
  }

  /** Stops the thread (a request still running is abandoned). */
  async stop(): Promise<void> {
    this.failure ??= new Error('The piece was stopped');
    await this.worker.terminate();
  }
}
