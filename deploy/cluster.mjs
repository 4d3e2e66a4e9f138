#!/usr/bin/env node
// `npm run cluster`: the scale-out deployment on this machine (see deploy/lib/cluster.mjs), until
// Ctrl-C. Needs a build (`npm run build`), Debian's nginx and a PostgreSQL server (DATABASE_URL, or
// the local one at 127.0.0.1:5432); the cluster gets a fresh database, dropped on exit.
import { startCluster } from './lib/cluster.mjs';
import { LOCAL_POSTGRES } from './lib/postgres.mjs';

const verbose = process.argv.includes('--verbose');
if (process.argv.slice(2).some((arg) => arg !== '--verbose')) {
  process.stderr.write('Usage: npm run cluster [-- --verbose]   (--verbose prints every log line of every process)\n');
  process.exit(2);
}

const cluster = await startCluster({
  databaseUrl: process.env.DATABASE_URL ?? LOCAL_POSTGRES,
  smtpUrl: process.env.SMTP_URL,
  onLine: (name, line) => {
    // Without SMTP_URL, the sign-up codes are only in the logs: always show those lines.
    if (verbose || line.includes('outbox')) process.stdout.write(`${name.padEnd(8)} | ${line}\n`);
  },
});
process.stdout.write(`
Unnest cluster at ${cluster.url}  (nginx -> ${cluster.names.join(', ')})
  database  ${cluster.databaseUrl} (dropped on exit)
  files     s3rver, stored under ${cluster.dir}/s3
  logs      ${cluster.dir}/*.log
  mail      ${process.env.SMTP_URL ?? 'no SMTP_URL: each message is written to the outbox and its code printed here'}
Ctrl-C stops everything.
`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping the cluster...\n');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
