import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SmtpInbox } from '../../packages/server/test/support/smtp-inbox.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_MAIN = path.join(REPO, 'packages/server/dist/main.js');
const WEB_INDEX = path.join(REPO, 'packages/web/dist/index.html');

/** The built server on a free port, with a fresh data directory and a real SMTP inbox. */
export interface TestServer {
  url: string;
  inbox: SmtpInbox;
  /** Everything the server printed, for a failing test to show. */
  output: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// How long a server may take to answer /health. It starts in a second or two when the machine is idle;
// with every core busy (other test runs, builds) it took over a minute, so the ceiling is generous and
// adjustable, and a server that exits ends the wait at once.
const START_SECONDS = Number(process.env.E2E_SERVER_START_SECONDS ?? 180);
// One /health request may hang on a machine that busy: it is given up and sent again.
const ATTEMPT_MS = 5_000;

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  let lastProblem = 'no answer yet';
  while (Date.now() - started < START_SECONDS * 1000) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (code ${child.exitCode}, signal ${child.signalCode}) before answering /health`,
      );
    }
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(ATTEMPT_MS) });
      if (response.ok) return;
      lastProblem = `/health answered ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(
    `the server at ${url} did not answer /health within ${START_SECONDS} s (last: ${lastProblem}); ` +
      'on a busy machine, raise E2E_SERVER_START_SECONDS',
  );
}

/**
 * Starts `packages/server/dist/main.js` as `npm start` would, on its own port and data directory;
 * `env` adds or overrides settings.
 */
export async function startTestServer(options: { env?: Record<string, string> } = {}): Promise<TestServer> {
  for (const built of [SERVER_MAIN, WEB_INDEX]) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }
  const inbox = await SmtpInbox.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: inbox.url,
      PUBLIC_URL: url,
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
      // A job worker: forgot-password mails its code from the job queue.
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(12_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await inbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { url, inbox, output: () => output, stop };
}
