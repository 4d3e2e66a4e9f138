/**
 * Runs one command as a child process under GNU time (`/usr/bin/time -f '%e %M %U %S'`: wall seconds,
 * peak resident set size in KB, user and system CPU seconds) and coreutils `timeout`, and says why it failed if it did.
 * GNU time reports the largest RSS among the processes it waited for, so a tool's own children
 * (or `timeout`'s) are covered.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';

const POLL_MS = 250;

/** Resident set size in MB of a process and each of its descendants (Linux /proc), largest first. */
function treeRssMb(pid) {
  let largest = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop();
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      largest = Math.max(largest, kb / 1024);
      const children = readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim();
      if (children) pending.push(...children.split(' ').map(Number));
    } catch {
      // The process ended between two reads.
    }
  }
  return largest;
}

function childrenOf(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return children ? children.split(' ').map(Number) : [];
  } catch {
    return [];
  }
}

/**
 * Kills the tool: every process below `timeout` (itself below GNU time). `timeout` is left alive
 * to reap the tool, so that GNU time still reports the tool's peak RSS.
 */
function killTool(timePid) {
  const pending = childrenOf(timePid).flatMap(childrenOf);
  while (pending.length > 0) {
    const pid = pending.pop();
    pending.push(...childrenOf(pid));
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** Why a run failed, from its exit status and the tail of its stderr. */
function failureOf(status, stderr, seconds, timeoutSeconds) {
  const unknownKey = /unknown key "([^"]+)"/.exec(stderr);
  if (unknownKey) return `fails on a late key (${unknownKey[1]})`;
  if (status === 124 || (status === 137 && seconds >= timeoutSeconds)) return `timeout (${timeoutSeconds} s)`;
  if (/heap out of memory|Allocation failed/i.test(stderr)) return 'OOM (JS heap)';
  if (/Invalid string length|Cannot create a string longer/i.test(stderr)) return 'string too long for V8';
  if (status === 137) return 'killed (OOM?)';
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /error/i.test(l) && !/^\s*at /.test(l));
  return `exit ${status}${line ? `: ${line.slice(0, 100)}` : ''}`;
}

/**
 * Runs `cmd args` with stdout sent to `stdoutPath` (or discarded) and stderr to `stderrPath`.
 * A process growing past `maxRssMb` is killed, so that one tool cannot take a shared machine's
 * memory from everyone else. Resolves to `{ seconds, rssMb, cpuSeconds, failure }` (failure null on success).
 */
export async function measure({ cmd, args, stdoutPath, stderrPath, timeFile, timeoutSeconds, maxRssMb }) {
  rmSync(timeFile, { force: true });
  const out = stdoutPath ? openSync(stdoutPath, 'w') : 'ignore';
  const err = openSync(stderrPath, 'w');
  const child = spawn(
    '/usr/bin/time',
    ['-f', '%e %M %U %S', '-o', timeFile, 'timeout', '-k', '5', String(timeoutSeconds), cmd, ...args],
    { stdio: ['ignore', out, err] },
  );
  let overCap = false;
  let observedMb = 0;
  const watchdog = setInterval(() => {
    observedMb = Math.max(observedMb, treeRssMb(child.pid));
    if (!overCap && observedMb > maxRssMb) {
      overCap = true;
      killTool(child.pid);
    }
  }, POLL_MS);
  const exitCode = await new Promise((resolve) => child.on('close', (code) => resolve(code)));
  clearInterval(watchdog);
  if (typeof out === 'number') closeSync(out);
  closeSync(err);
  const timeLines = existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim().split('\n') : [];
  const [secondsText, rssText, userText, systemText] = (timeLines.at(-1) ?? '').split(' ');
  const seconds = Number(secondsText);
  // GNU time's figure, or what the watchdog saw if time could not report (it was killed itself).
  const rssMb = Math.max(Number(rssText) / 1024 || 0, observedMb);
  const cpuSeconds = Number(userText) + Number(systemText);
  const status = /non-zero status (\d+)/.exec(timeLines.join('\n'))?.[1];
  const signal = /terminated by signal (\d+)/.test(timeLines.join('\n'));
  const code = status !== undefined ? Number(status) : signal ? 137 : exitCode;
  if (overCap) return { seconds, rssMb, cpuSeconds, failure: `killed above the ${maxRssMb} MB RSS cap` };
  if (code === 0) return { seconds, rssMb, cpuSeconds, failure: null };
  const stderr = existsSync(stderrPath) ? readFileSync(stderrPath, 'utf8').slice(-20_000) : '';
  return { seconds, rssMb, cpuSeconds, failure: failureOf(code, stderr, seconds, timeoutSeconds) };
}

/**
 * Times work in this process (a bench's child): call it before the work, then call what it returns after,
 * for `{ seconds, cpuSeconds, rssMb }` (CPU of every thread of the process; peak RSS so far).
 */
export function startTiming() {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  return () => {
    const cpu = process.cpuUsage(cpuStarted);
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      rssMb: process.resourceUsage().maxRSS / 1024,
    };
  };
}
