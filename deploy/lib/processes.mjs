// Child processes for the local cluster: spawned with their output kept in a log file and in
// memory (to wait for a line and to show in an error), stopped or killed by their own id only.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * A running child process and what it printed.
 * @typedef {object} RunningProcess
 * @property {string} name
 * @property {ChildProcess} child
 * @property {() => string} output what it printed (stdout and stderr interleaved), the last MiBs of it for a long run
 * @property {Promise<number | null>} exited resolves with the exit code (null when killed by a signal)
 */

const KEEP_CHARS = 4 * 1024 * 1024;

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() =>
          typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
        );
      });
    })
  );
}

/**
 * Starts `command`, appending its output to `logFile`; `onLine` sees each line (the cluster script
 * prints them).
 * @param {{ name: string, command: string, args: string[], env: Record<string, string>, cwd: string, logFile: string, onLine?: (name: string, line: string) => void }} options
 * @returns {RunningProcess}
 */
export function startProcess(options) {
  const log = fs.createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let partial = '';
  /** @param {Buffer} chunk */
  const collect = (chunk) => {
    const text = chunk.toString();
    output += text;
    // `npm run cluster` may run for days at log level info; the log file keeps everything.
    if (output.length > KEEP_CHARS * 2) output = output.slice(-KEEP_CHARS);
    log.write(text);
    if (!options.onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) options.onLine(options.name, line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = /** @type {Promise<number | null>} */ (
    new Promise((resolve) => {
      child.once('error', (error) => {
        output += `\n${error.message}\n`;
        resolve(-1);
      });
      child.once('exit', (code) => {
        log.end();
        resolve(code);
      });
    })
  );
  return { name: options.name, child, output: () => output, exited };
}

/**
 * Waits until `ready()` holds, failing early (with the process's output) when it exits first.
 * @param {RunningProcess} running
 * @param {() => Promise<boolean>} ready
 * @param {number} timeoutMs
 */
export async function waitUntilReady(running, ready, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exitCode = /** @type {number | null | undefined} */ (undefined);
  running.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`${running.name} exited (code ${exitCode}):\n${running.output()}`);
    if (await ready()) return;
    await sleep(100);
  }
  throw new Error(`${running.name} was not ready within ${timeoutMs} ms:\n${running.output()}`);
}

/** Whether GET `url` answers 200. @param {string} url */
export async function answersOk(url) {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Sends `signal` and waits for the exit; SIGKILL after `graceMs` if the process is still there.
 * @param {RunningProcess} running
 * @param {NodeJS.Signals} signal
 * @param {number} graceMs
 */
export async function stopProcess(running, signal, graceMs) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  const timer = sleep(graceMs, 'late');
  if ((await Promise.race([running.exited, timer])) === 'late') {
    running.child.kill('SIGKILL');
    await running.exited;
  }
}
