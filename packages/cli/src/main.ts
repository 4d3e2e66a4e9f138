import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import {
  analyzeJson,
  ConversionError,
  compareRoundTrip,
  csvToJson,
  type FlattenPlan,
  isZip,
  jsonToCsv,
  jsonToRelational,
  relationalToJson,
} from '@unnest/engine';
import { fileSpoolFactory } from '@unnest/engine/node';
import {
  AUTO_PLAN,
  autoPlanScope,
  proposeForConversion,
  type RereadableInput,
  rereadable,
  wantsAutoPlan,
} from './auto-plan.js';
import {
  analysisOptionsFrom,
  analyzeCommand,
  compareCommand,
  compareOptionsFrom,
  csv2jsonCommand,
  csvToJsonOptionsFrom,
  isRelational,
  json2csvCommand,
  jsonToCsvOptionsFrom,
} from './commands.js';
import { type CommandSpec, formatCommandHelp, type ParsedArgs, parseArgs, UsageError } from './flags.js';
import { type CliIo, IoError, openInput, peekFirst, writeOutput } from './io.js';
import { noticePrinter } from './notice-lines.js';
import { convertOnCores, threadsFrom } from './on-cores.js';
import { plan, planCommand, readPlanFile } from './plan-command.js';
import { createProgress, type Progress, silentProgress } from './progress.js';
import { analysisText, comparisonText } from './report-text.js';

/** Exit codes other tools can rely on. */
export const EXIT = { ok: 0, badInput: 1, usage: 2, io: 3, internal: 4 } as const;

const commands: readonly CommandSpec[] = [
  json2csvCommand,
  csv2jsonCommand,
  planCommand,
  analyzeCommand,
  compareCommand,
];

/** The plan named by `--plan`, read and checked (`table` allowed for relational output), as an option object to spread. */
async function planOption(args: ParsedArgs, relational = false) {
  const path = args.flags.get('plan');
  if (path === AUTO_PLAN) {
    throw new UsageError(
      "--plan auto applies to json2csv and compare only: read back with the plan the CSV was written with ('unnest plan -o plan.json' saves it)",
    );
  }
  return typeof path === 'string' ? { plan: await readPlanFile(path, { relational }) } : {};
}

/** csv2json's flags that a relational ZIP does not take: it reads back as the one JSON document it was made from. */
const NOT_FOR_ZIP = ['types', 'no-types', 'no-unflatten', 'no-header', 'plan'];

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return manifest.version;
}

function mainHelp(): string {
  return [
    'unnest: JSON to CSV and CSV to JSON, exactly and fast.',
    '',
    'Usage: unnest <command> [INPUT|-] [-o OUTPUT] [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(10)}${command.summary}`),
    '',
    "Run 'unnest <command> --help' for its options. Exit codes: 0 done, 1 bad input, 2 bad usage, 3 file error, 4 internal error.",
    '',
  ].join('\n');
}

async function convert(command: CommandSpec, args: ParsedArgs, io: CliIo): Promise<void> {
  if (args.positionals.length > 1) throw new UsageError(`expected one INPUT, got ${args.positionals.length}`);
  const quiet = args.flags.has('quiet');
  const say = (line: string) => {
    if (!quiet) io.stderr.write(`unnest: ${line}\n`);
  };
  const autoPlanned = command === json2csvCommand && wantsAutoPlan(args);
  const source = autoPlanned ? await rereadable(args.positionals[0], io) : undefined;
  try {
    await convertInput(command, args, io, say, source);
  } finally {
    await source?.close();
  }
}

/** convert's body: `source` is the input to read twice when json2csv proposes its own plan (`--plan auto`). */
async function convertInput(
  command: CommandSpec,
  args: ParsedArgs,
  io: CliIo,
  say: (line: string) => void,
  source: RereadableInput | undefined,
): Promise<void> {
  const quiet = args.flags.has('quiet');
  const opened = source === undefined ? await openInput(args.positionals[0], io) : await source.open();
  const peeked = command === csv2jsonCommand ? await peekFirst(opened.bytes) : undefined;
  const input = peeked === undefined ? opened : { ...opened, bytes: peeked.bytes };
  const zipInput = peeked?.first !== undefined && isZip(peeked.first);
  if (zipInput) {
    const refused = NOT_FOR_ZIP.find((name) => args.flags.has(name));
    if (refused !== undefined) {
      throw new UsageError(`--${refused} does not apply to a relational ZIP: it reads back with the plan inside it`);
    }
  }
  const relational = command === json2csvCommand && isRelational(args);
  // Related tables keep their columns in first-seen order: their link columns and parent keys sit by place.
  if (relational && args.flags.has('group-array-columns')) {
    throw new UsageError('--group-array-columns applies to a single table, not to --relational output');
  }
  if (relational && !args.flags.has('plan')) {
    throw new UsageError(
      "--relational needs --plan FILE with 'table' paths ('unnest plan --relational' proposes one), or --plan auto",
    );
  }
  const planned =
    source === undefined
      ? (await planOption(args, relational)).plan
      : await proposeForConversion(input, { ...autoPlanScope(jsonToCsvOptionsFrom(args)), relational }, say);
  const converted = source === undefined ? input : await source.open();
  const progress: Progress =
    !quiet && io.stderrIsTTY && input.size !== undefined
      ? createProgress(input.size, (text) => io.stderr.write(text))
      : silentProgress;
  const notices = noticePrinter((line) => {
    progress.finish();
    say(line);
  });
  const outputPath = args.flags.get('output');
  const writesToFile = typeof outputPath === 'string' && outputPath !== '-';
  // Node's native UTF-8 check lets the engine copy valid text without checking it character by character.
  const hooks = {
    onProgress: (bytes: number) => progress.update(bytes),
    onNotice: notices.onNotice,
    isUtf8,
  };
  const inputPath = args.positionals[0];
  const splittable =
    typeof outputPath === 'string' &&
    outputPath !== '-' &&
    source === undefined &&
    planned === undefined &&
    !relational &&
    !zipInput &&
    inputPath !== undefined &&
    inputPath !== '-';
  const threads = threadsFrom(args);
  if (
    splittable &&
    (await convertOnCores({
      direction: command === json2csvCommand ? 'json2csv' : 'csv2json',
      inputPath,
      outputPath,
      options: command === json2csvCommand ? jsonToCsvOptionsFrom(args) : csvToJsonOptionsFrom(args),
      threads,
      hooks: { onProgress: hooks.onProgress, onNotice: hooks.onNotice },
      say: (line) => {
        progress.finish();
        say(line);
      },
    }))
  ) {
    // The input was opened to look at its start: the threads read the file themselves.
    if (opened.bytes instanceof Readable) opened.bytes.destroy();
    progress.finish();
    notices.finish();
    return;
  }
  const spool = fileSpoolFactory(tmpdir());
  const output = relational
    ? jsonToRelational(converted.bytes, {
        ...jsonToCsvOptionsFrom(args),
        ...hooks,
        plan: planned as FlattenPlan,
        spool,
      })
    : command === json2csvCommand
      ? jsonToCsv(converted.bytes, { ...jsonToCsvOptionsFrom(args), ...hooks, plan: planned, spool })
      : zipInput
        ? relationalToJson(input.bytes, { ...csvToJsonOptionsFrom(args), ...hooks })
        : csvToJson(input.bytes, {
            ...csvToJsonOptionsFrom(args),
            ...hooks,
            plan: planned,
            // Per-column typing keeps the input here between its two passes.
            spool,
            // A file is written with synchronous writes: each chunk is done with before the next is asked for.
            reuseChunks: writesToFile,
          });
  try {
    await writeOutput(output, writesToFile ? outputPath : undefined, io);
  } finally {
    progress.finish();
    notices.finish();
  }
}

/** Writes a report as indented JSON, or as text with --text, to -o or standard output. */
async function writeReport(args: ParsedArgs, io: CliIo, report: object, asText: () => string): Promise<void> {
  const body = args.flags.has('text') ? asText() : `${JSON.stringify(report, null, 2)}\n`;
  const outputPath = args.flags.get('output');
  const bytes = new TextEncoder().encode(body);
  const output = (async function* () {
    yield bytes;
  })();
  await writeOutput(output, typeof outputPath === 'string' ? outputPath : undefined, io);
}

async function analyze(args: ParsedArgs, io: CliIo): Promise<void> {
  if (args.positionals.length > 1) throw new UsageError(`expected one INPUT, got ${args.positionals.length}`);
  const options = analysisOptionsFrom(args);
  const input = await openInput(args.positionals[0], io);
  const report = await analyzeJson(input.bytes, options);
  await writeReport(args, io, report, () => analysisText(report));
}

async function compare(args: ParsedArgs, io: CliIo): Promise<void> {
  if (args.positionals.length !== 2) {
    throw new UsageError(`expected ORIGINAL.json and CONVERTED.csv, got ${args.positionals.length} inputs`);
  }
  const [originalPath, csvPath] = args.positionals as [string, string];
  if (originalPath === '-' && csvPath === '-') throw new UsageError('only one input can be standard input');
  if (wantsAutoPlan(args)) {
    await compareUnderProposal(args, io, originalPath, csvPath);
    return;
  }
  const options = { ...compareOptionsFrom(args), ...(await planOption(args, true)) };
  const original = await openInput(originalPath, io);
  // A relational ZIP is recognised by the engine and compared under the plan inside it, unless --plan names one.
  const csv = await openInput(csvPath, io);
  const report = await compareRoundTrip(original.bytes, csv.bytes, options);
  await writeReport(args, io, report, () => comparisonText(report));
}

/**
 * `compare --plan auto`: the CSV was written by `json2csv --plan auto`, whose plan is the proposal for the original
 * (the same every run), so it is proposed again from the original and the CSV read back under it. A relational
 * ZIP carries its plan and needs none.
 */
async function compareUnderProposal(args: ParsedArgs, io: CliIo, originalPath: string, csvPath: string): Promise<void> {
  const peeked = await peekFirst((await openInput(csvPath, io)).bytes);
  const csv = { bytes: peeked.bytes };
  if (peeked.first !== undefined && isZip(peeked.first)) {
    throw new UsageError('--plan auto does not apply to a relational ZIP: it is compared under the plan inside it');
  }
  const options = compareOptionsFrom(args);
  const source = await rereadable(originalPath, io);
  try {
    const say = (line: string) => {
      if (!args.flags.has('quiet')) io.stderr.write(`unnest: ${line}\n`);
    };
    const plan = await proposeForConversion(
      await source.open(),
      { ...(options.recordsPath === undefined ? {} : { recordsPath: options.recordsPath }), relational: false },
      say,
    );
    const original = await source.open();
    const report = await compareRoundTrip(original.bytes, csv.bytes, { ...options, plan });
    await writeReport(args, io, report, () => comparisonText(report));
  } finally {
    await source.close();
  }
}

/** Runs the CLI and returns its exit code; never throws and never exits the process itself. */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  const command = commands.find((candidate) => candidate.name === name);
  try {
    if (!command) throw new UsageError(`unknown command '${name}'`);
    const args = parseArgs(command, rest);
    if (args.flags.has('help')) {
      io.stdout.write(formatCommandHelp(command));
      return EXIT.ok;
    }
    if (command === analyzeCommand) await analyze(args, io);
    else if (command === planCommand) await plan(args, io, (message) => new UsageError(message));
    else if (command === compareCommand) await compare(args, io);
    else await convert(command, args, io);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`unnest: ${error.message}\nRun 'unnest ${command ? `${command.name} ` : ''}--help' for usage.\n`);
      return EXIT.usage;
    }
    if (error instanceof ConversionError) {
      io.stderr.write(`unnest: ${error.describe()}\n`);
      return error.code === 'INVALID_OPTION' ? EXIT.usage : EXIT.badInput;
    }
    if (error instanceof IoError) {
      io.stderr.write(`unnest: ${error.message}\n`);
      return EXIT.io;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`unnest: internal error: ${message.split('\n')[0]}\n`);
    return EXIT.internal;
  }
}

function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}
