/** A worker thread of a conversion split across cores: the `PieceWork` of one piece, asked by the main thread. */
import { parentPort } from 'node:worker_threads';
import { PieceWork } from './piece-work.js';
import type { PieceMessage, PieceRequest } from './protocol.js';

const port = parentPort;
if (port === null) throw new Error('piece-worker runs as a worker thread');

const post = (message: PieceMessage) => port.postMessage(message);
const work = new PieceWork({
  progress: (bytes) => post({ type: 'progress', bytes }),
  notice: (notice) => post({ type: 'notice', notice }),
});

port.on('message', (request: PieceRequest) => {
  work.handle(request).then(
    (result) => post({ type: 'reply', ok: true, result }),
    (error: unknown) => {
      const { name, message, code } = error as { name?: string; message?: string; code?: string };
      post({ type: 'reply', ok: false, error: { name: name ?? 'Error', message: message ?? String(error), code } });
    },
  );
});
