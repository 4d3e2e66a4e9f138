/**
 * The built server (`npm run build` first) as a child process on 127.0.0.1, on a fresh embedded
 * database, with a free and a paid (Professional) account signed in. Sign-up codes are read from the
 * outbox; the plan is granted with the admin command while the server is stopped (one process per
 * embedded database).
 */

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const REPO_DIR = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const MAIN = join(REPO_DIR, 'packages/server/dist/main.js');
const PASSWORD = 'bench password 1';

function environment(dataDir, port) {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  };
}

async function launch(dataDir, port, env = {}) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...environment(dataDir, port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await stopped;
    },
  };
}

async function postJson(url, body, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

function codeFor(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  for (const file of readdirSync(outbox).sort().reverse()) {
    const mail = readFileSync(join(outbox, file), 'utf8');
    if (mail.includes(email)) return /\b(\d{6})\b/.exec(mail)?.[1];
  }
  throw new Error(`no mail for ${email}`);
}

/**
 * Starts the server with a free and a paid account (on `paidPlan`); `stop()` ends it and removes its
 * data. `env` adds settings (WORKERS, say).
 */
export async function startBenchServer(
  port = Number(process.env.BENCH_PORT) || 18_000 + Math.floor(Math.random() * 1000),
  { paidPlan = 'professional', env = {} } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'unnest-bench-server-'));
  let server = await launch(dataDir, port, env);
  const accounts = { free: 'free@bench.test', paid: 'paid@bench.test' };
  for (const email of Object.values(accounts)) {
    await postJson(`${server.url}/api/auth/signup`, { email, password: PASSWORD });
    await postJson(`${server.url}/api/auth/confirm-signup`, { email, confirmation_code: codeFor(dataDir, email) });
  }
  await server.stop();
  const granted = spawnSync(process.execPath, [MAIN, 'admin', 'grant', accounts.paid, paidPlan], {
    env: { ...environment(dataDir, port), ...env },
    encoding: 'utf8',
  });
  if (granted.status !== 0) throw new Error(`admin grant failed: ${granted.stderr}`);
  server = await launch(dataDir, port, env);
  const tokens = {};
  for (const [name, email] of Object.entries(accounts)) {
    const login = await postJson(`${server.url}/api/auth/login`, { email, password: PASSWORD });
    tokens[name] = `Bearer ${login.tokens.access_token}`;
  }
  return {
    url: server.url,
    pid: server.pid,
    tokens,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process now and at its peak (MB), from /proc. */
export function residentMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Uploads a file with curl (a separate process, so the client's work is not the server's), returns
 * the seconds and the answer.
 */
export async function uploadWithCurl(url, token, file) {
  const started = performance.now();
  const child = spawn(
    'curl',
    ['-sS', '-H', `Authorization: ${token}`, '-F', `file=@${file}`, `${url}/api/convert/file`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let body = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text) => {
    body += text;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const seconds = (performance.now() - started) / 1000;
  return { seconds, answer: JSON.parse(body) };
}

/** Deletes a stored conversion (keeps the account's storage free between runs). */
export async function deleteFile(url, token, fileId) {
  await fetch(`${url}/api/files/delete/${fileId}`, { method: 'DELETE', headers: { authorization: token } });
}

/** The value at quantile q (0..1) of a list of numbers. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const median = (values) => quantile(values, 0.5);
