// The scale-out deployment on one machine, with real parts: nginx in front of two API processes,
// two job workers, one fresh PostgreSQL database and an S3-compatible store (s3rver). Used by
// `npm run cluster` and by the cluster test, which kills and restarts processes through `kill` and `start`.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import { clusterSite, NGINX, nginxArgs, requireNginx, writeNginxConfig } from './nginx.mjs';
import { createDatabase, LOCAL_POSTGRES } from './postgres.mjs';
import { answersOk, freePort, startProcess, stopProcess, waitUntilReady } from './processes.mjs';

/** @typedef {import('./processes.mjs').RunningProcess} RunningProcess */

const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = path.join(REPO, 'packages/server/dist/main.js');
const BUCKET = 'unnest';
const READY_MS = 60_000;
// SIGTERM first: the server's own graceful shutdown gives up after 10 s.
const STOP_GRACE_MS = 15_000;

/**
 * @typedef {object} ClusterOptions
 * @property {string} [databaseUrl] a server to create the cluster's database on (any database name; default LOCAL_POSTGRES)
 * @property {string} [smtpUrl] where mail goes; without it each process writes mail to its outbox and logs the code
 * @property {(name: string, line: string) => void} [onLine] sees every line a process prints
 */

/**
 * @typedef {object} Cluster
 * @property {string} url nginx, the only address clients use
 * @property {string} databaseUrl the cluster's own database
 * @property {string} dir logs, configuration and stored objects
 * @property {string[]} names the server processes: api-1, api-2, worker-1, worker-2
 * @property {(name: string) => RunningProcess} process the current process of that name
 * @property {(name: string) => Promise<void>} kill SIGKILLs a server process and waits for it to be gone
 * @property {(name: string) => Promise<void>} start starts a stopped server process again, answering once it is ready
 * @property {(args: string[]) => Promise<string>} admin runs `main.js admin ...` against the cluster's database
 * @property {() => Promise<void>} stop stops everything and drops the database
 */

/** Starts the whole cluster and answers once nginx forwards to ready API processes. @param {ClusterOptions} [options] */
export async function startCluster(options = {}) {
  requireNginx();
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unnest-cluster-'));
  /** @type {Map<string, RunningProcess>} */
  const running = new Map();
  /** @type {S3rver | undefined} */
  let s3;
  /** @type {{ url: string, drop: () => Promise<void> } | undefined} */
  let database;

  const stop = async () => {
    // nginx first (no new requests), then the servers, each by its own process id.
    const nginx = running.get('nginx');
    if (nginx) await stopProcess(nginx, 'SIGQUIT', STOP_GRACE_MS);
    await Promise.all([...running.values()].map((each) => stopProcess(each, 'SIGTERM', STOP_GRACE_MS)));
    await s3?.close();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    database = await createDatabase(options.databaseUrl ?? LOCAL_POSTGRES, 'unnest_cluster');
    const databaseUrl = database.url;
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: BUCKET }],
    });
    const { port: s3Port } = await s3.run();
    const apiPorts = [await freePort(), await freePort()];
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    /** @type {Record<string, string>} */
    const shared = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: url,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    };
    /** @type {Record<string, { args: string[], env: Record<string, string>, ready: () => Promise<boolean> }>} */
    const specs = {};
    for (const [index, apiPort] of apiPorts.entries()) {
      specs[`api-${index + 1}`] = {
        args: [SERVER_MAIN],
        env: { ...shared, WORKERS: '0', PORT: String(apiPort) },
        ready: () => answersOk(`http://127.0.0.1:${apiPort}/health`),
      };
    }
    for (const name of ['worker-1', 'worker-2']) {
      specs[name] = {
        args: [SERVER_MAIN, 'worker'],
        env: { ...shared, WORKERS: '1' },
        ready: async () => /"msg":"worker started/.test(running.get(name)?.output() ?? ''),
      };
    }
    /** @param {string} name */
    const start = async (name) => {
      const spec = specs[name];
      if (!spec) throw new Error(`no process named ${name}`);
      const dataDir = path.join(dir, name);
      fs.mkdirSync(dataDir, { recursive: true });
      const started = startProcess({
        name,
        command: process.execPath,
        args: spec.args,
        env: { ...spec.env, DATA_DIR: dataDir },
        cwd: REPO,
        logFile: path.join(dir, `${name}.log`),
        ...(options.onLine ? { onLine: options.onLine } : {}),
      });
      running.set(name, started);
      await waitUntilReady(started, spec.ready, READY_MS);
    };

    // The first process applies the migrations (the others would wait on the same lock).
    await start('api-1');
    await Promise.all(['api-2', 'worker-1', 'worker-2'].map(start));
    const nginx = startProcess({
      name: 'nginx',
      command: NGINX,
      args: nginxArgs(writeNginxConfig(path.join(dir, 'nginx'), clusterSite(port, apiPorts))),
      env: { PATH: shared.PATH ?? '' },
      cwd: dir,
      logFile: path.join(dir, 'nginx.log'),
    });
    running.set('nginx', nginx);
    await waitUntilReady(nginx, () => answersOk(`${url}/health`), READY_MS);

    /** @type {Cluster} */
    const cluster = {
      url,
      databaseUrl,
      dir,
      names: Object.keys(specs),
      process(name) {
        const found = running.get(name);
        if (!found) throw new Error(`no process named ${name}`);
        return found;
      },
      async kill(name) {
        await stopProcess(cluster.process(name), 'SIGKILL', 0);
      },
      async start(name) {
        const current = cluster.process(name);
        if (current.child.exitCode === null && current.child.signalCode === null) throw new Error(`${name} is running`);
        await start(name);
      },
      async admin(args) {
        const { stdout } = await promisify(execFile)(process.execPath, [SERVER_MAIN, 'admin', ...args], {
          cwd: REPO,
          env: { ...shared, DATA_DIR: path.join(dir, 'admin') },
        });
        return stdout;
      },
      stop,
    };
    return cluster;
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
