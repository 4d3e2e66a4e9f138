import { readFile } from 'node:fs/promises';
import { checkFlattenPlan, type FlattenPlan, type FlattenPlanUse, profileJson, proposePlan } from '@unnest/engine';
import { AUTO_PLAN, proposalLines } from './auto-plan.js';
import type { CommandSpec, ParsedArgs } from './flags.js';
import { type CliIo, IoError, openInput, writeOutput } from './io.js';

export const planCommand: CommandSpec = {
  name: 'plan',
  summary: 'Propose a flattening plan (a strategy per path) for a JSON file, with the reasons in words.',
  usage: 'unnest plan [INPUT|-] [--records PATH] [-o plan.json] [options]',
  flags: [
    {
      name: 'records',
      value: 'PATH',
      help: 'dot path of the records: an array, or an object whose members are the records (one row per key)',
    },
    { name: 'sample', value: 'N', help: 'profile only the first N records (the proposal says so); default all' },
    {
      name: 'relational',
      help: "propose related tables: lists of objects and maps of records as 'table' paths (for json2csv --relational)",
    },
    { name: 'profile', help: 'print the profile of every path (kinds, lengths, keys, columns) instead of the plan' },
    { name: 'max-depth', value: 'N', help: 'deepest nesting accepted (default 1000, at most 10000)' },
    { name: 'output', short: 'o', value: 'FILE', help: 'write here instead of standard output' },
    { name: 'quiet', short: 'q', help: 'no explanations on standard error' },
    { name: 'help', short: 'h', help: 'show this help' },
  ],
  examples: [
    'unnest plan countries.json -o plan.json',
    'unnest json2csv countries.json --plan plan.json -o countries.csv',
    'unnest plan data.json --records css.properties --sample 1000',
    'unnest plan orders.json --relational -o plan.json && unnest json2csv orders.json --plan plan.json --relational -o orders.zip',
  ],
};

/** The `--plan FILE` flag of json2csv, csv2json and compare. */
export const planFlag = {
  name: 'plan',
  value: 'FILE',
  help: "flattening plan (JSON, as 'unnest plan' writes it): a strategy per path",
} as const;

/** json2csv's `--plan`: a file, or `auto` to propose one from the input and apply it in the same run. */
export const json2csvPlanFlag = {
  ...planFlag,
  value: 'FILE|auto',
  help: `flattening plan (JSON, as 'unnest plan' writes it): a strategy per path; '${AUTO_PLAN}': profile the input first and apply the proposal (what it decided on standard error; standard input is copied to a temporary file for the two passes)`,
} as const;

/** Reads and checks a plan file (for relational output: `table` allowed); the check fails with INVALID_OPTION (exit 2). */
export async function readPlanFile(path: string, use: FlattenPlanUse = {}): Promise<FlattenPlan> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new IoError(`cannot read plan '${path}': ${code === 'ENOENT' ? 'no such file' : String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new IoError(`plan '${path}' is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return checkFlattenPlan(value, use);
}

/** `unnest plan`: profiles the input in one pass and prints the proposal (explanations on standard error). */
export async function plan(args: ParsedArgs, io: CliIo, usage: (message: string) => Error): Promise<void> {
  if (args.positionals.length > 1) throw usage(`expected one INPUT, got ${args.positionals.length}`);
  const records = args.flags.get('records');
  const sample = args.flags.get('sample');
  const maxDepth = args.flags.get('max-depth');
  const maxRecords = typeof sample === 'string' ? Number(sample) : undefined;
  if (maxRecords !== undefined && (!Number.isInteger(maxRecords) || maxRecords < 1)) {
    throw usage('--sample must be a whole number, 1 or more');
  }
  const input = await openInput(args.positionals[0], io);
  const profile = await profileJson(input.bytes, {
    ...(typeof records === 'string' ? { recordsPath: records } : {}),
    ...(maxRecords !== undefined ? { maxRecords } : {}),
    ...(typeof maxDepth === 'string' ? { maxDepth: Number(maxDepth) } : {}),
  });
  const proposal = proposePlan(profile, { relational: args.flags.has('relational') });
  const document = args.flags.has('profile') ? profile : proposal.plan;
  if (!args.flags.has('quiet'))
    io.stderr.write(
      proposalLines(proposal)
        .map((line) => `unnest: ${line}\n`)
        .join(''),
    );
  const outputPath = args.flags.get('output');
  const bytes = new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`);
  await writeOutput(
    (async function* () {
      yield bytes;
    })(),
    typeof outputPath === 'string' && outputPath !== '-' ? outputPath : undefined,
    io,
  );
}
