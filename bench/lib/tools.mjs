/**
 * The tools the benchmark runs, as data: which directions each handles, the command of one
 * conversion (each a child process of its own), and whether it is available on this machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const JSON_CASES = ['flat.json', 'flat.ndjson', 'nested.json'];
const CSV_CASES = ['flat.csv'];

/** Runs a probe command; returns its first output line, or null when it does not run. */
function probe(cmd, args) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', timeout: 20_000 });
  if (result.error || result.status !== 0) return null;
  return `${result.stdout}${result.stderr}`.trim().split('\n')[0] ?? '';
}

/**
 * A Node runner script under bench/peers/ taking `<direction> <input> <output> <format> <shape>`
 * and any extra arguments.
 */
function peer(benchDir, script, extra = []) {
  return (direction, set, output) => ({
    cmd: process.execPath,
    args: [join(benchDir, 'peers', script), direction, set.file, output, set.format, set.shape, ...extra],
  });
}

/** Every tool of the benchmark, in table order. */
export function benchTools(repoDir, benchDir) {
  const unnestBin = join(repoDir, 'packages', 'cli', 'bin', 'unnest.js');
  const peersInstalled = () => (existsSync(join(benchDir, 'node_modules')) ? true : 'not installed');
  return [
    {
      id: 'unnest',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: () => {
        if (!existsSync(unnestBin)) return 'not built';
        return probe(process.execPath, [unnestBin, '--help']) === null ? 'not built (`npm run build`?)' : true;
      },
      command: (direction, set, output) => ({
        cmd: process.execPath,
        args: [unnestBin, direction, set.file, '-o', output],
      }),
    },
    {
      // The same on one thread: JSON Lines and CSV files are otherwise split across every core.
      id: 'unnest, 1 thread',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: () => (existsSync(unnestBin) ? true : 'not built'),
      command: (direction, set, output) => ({
        cmd: process.execPath,
        args: [unnestBin, direction, set.file, '-o', output, '--threads', '1'],
      }),
    },
    {
      id: 'Miller',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: () => (probe('mlr', ['--version']) === null ? 'not installed (`apt-get install miller`)' : true),
      // Miller writes to stdout. `flatten then unsparsify` is what gives one header holding every
      // key of every record (unsparsify keeps all records in memory to do so).
      command: (direction, set) => ({
        cmd: 'mlr',
        args:
          direction === 'json2csv'
            ? [set.format === 'ndjson' ? '--ijsonl' : '--ijson', '--ocsv', 'flatten', 'then', 'unsparsify', set.file]
            : ['--icsv', '--ojson', 'cat', set.file],
        stdoutIsOutput: true,
      }),
    },
    {
      id: 'DuckDB (1 thread)',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: peersInstalled,
      command: peer(benchDir, 'duckdb.mjs'),
    },
    {
      // Its default sample misses keys that appear late; reading the whole file for the schema
      // is the documented way around that, and gives DuckDB's best figure on these files.
      id: 'DuckDB (1 thread, full sample)',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: peersInstalled,
      command: peer(benchDir, 'duckdb.mjs', ['full-sample']),
    },
    {
      id: '@json2csv/node',
      cases: { json2csv: JSON_CASES, csv2json: [] },
      available: peersInstalled,
      command: peer(benchDir, 'json2csv-node.mjs'),
    },
    {
      id: 'json-2-csv',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: peersInstalled,
      command: peer(benchDir, 'json-2-csv.mjs'),
    },
    {
      id: 'papaparse',
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: peersInstalled,
      command: peer(benchDir, 'papaparse.mjs'),
    },
    {
      id: 'udsv',
      cases: { json2csv: [], csv2json: CSV_CASES },
      available: peersInstalled,
      command: peer(benchDir, 'udsv.mjs'),
    },
    {
      id: 'csv-parse',
      cases: { json2csv: [], csv2json: CSV_CASES },
      available: peersInstalled,
      command: peer(benchDir, 'csv-parse.mjs'),
    },
    {
      id: 'JSON.parse (ref)',
      reference: true,
      cases: { json2csv: JSON_CASES, csv2json: [] },
      available: () => true,
      command: peer(benchDir, 'json-parse.mjs'),
    },
    {
      id: 'byte loop (ref)',
      reference: true,
      cases: { json2csv: JSON_CASES, csv2json: CSV_CASES },
      available: () => true,
      command: peer(benchDir, 'byte-loop.mjs'),
    },
  ];
}
