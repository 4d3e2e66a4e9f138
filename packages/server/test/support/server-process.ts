import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

// The built server, as `npm start` and `npm run worker` run it (run `npm run build` first).
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

/** A server or worker process with everything it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
}

/** Runs `node dist/main.js <args>` and resolves once `ready` appears in its output. */
export async function startProcess(env: Record<string, string>, args: string[], ready: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(ready)) resolve();
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${output}`)));
  });
  return { child, output: () => output };
}

/** Sends `signal` and resolves with the exit code once the process is gone. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** What `node dist/main.js admin <args>` printed, and how it exited. */
export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/main.js admin <args>` to its end. */
export async function runAdminProcess(env: Record<string, string>, args: string[]): Promise<AdminRun> {
  const child = spawn(process.execPath, [MAIN, 'admin', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

/** Runs `node dist/main.js admin <args>`, which must succeed, and returns what it printed. */
export async function runAdmin(env: Record<string, string>, args: string[]): Promise<string> {
  const { code, stdout, stderr } = await runAdminProcess(env, args);
  if (code !== 0) throw new Error(`admin ${args.join(' ')} failed (${code}): ${stdout}${stderr}`);
  return stdout + stderr;
}
