import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FlattenPlan, type JsonToCsvOptions, type PlanProposal, profileJson, proposePlan } from '@unnest/engine';
import type { ParsedArgs } from './flags.js';
import { type CliIo, type Input, openInput, writeOutput } from './io.js';

/** The value of `--plan` that asks for the proposal to be made and applied in the same run. */
export const AUTO_PLAN = 'auto';

/** Whether `--plan auto` was given. */
export function wantsAutoPlan(args: ParsedArgs): boolean {
  return args.flags.get('plan') === AUTO_PLAN;
}

/** What of json2csv's options the profile pass shares with the conversion: where the records are, how deep they go. */
export function autoPlanScope(options: JsonToCsvOptions): { recordsPath?: string; maxDepth?: number } {
  return {
    ...(options.recordsPath === undefined ? {} : { recordsPath: options.recordsPath }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
  };
}

/** The proposal in words, as `unnest plan` and `json2csv --plan auto` print it: a line per decision, then the count. */
export function proposalLines(proposal: PlanProposal): string[] {
  const { before, after } = proposal.columns;
  return [
    ...proposal.explanations,
    `About ${after.toLocaleString('en-US')} columns instead of ${before.toLocaleString('en-US')}.`,
  ];
}

/** An input that can be read twice (a profile pass, then the conversion), and what to do once done with it. */
export interface RereadableInput {
  /** A fresh reading of the whole input each call. */
  open(): Promise<Input>;
  /** Removes the spooled copy of standard input, if one was made. */
  close(): Promise<void>;
}

/**
 * A file is simply opened again; standard input can be read once only, so it is first copied to a temporary
 * file (in the system's temporary folder, removed at the end) and read from there twice.
 */
export async function rereadable(path: string | undefined, io: CliIo): Promise<RereadableInput> {
  const first = await openInput(path, io);
  if (first.size !== undefined) {
    let opened: Input | undefined = first;
    return {
      open: async () => {
        const input = opened ?? (await openInput(path, io));
        opened = undefined;
        return input;
      },
      close: async () => {},
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'unnest-plan-auto-'));
  const spooled = join(dir, 'stdin.json');
  try {
    await writeOutput(first.bytes, spooled, io);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const input = await openInput(spooled, io);
  return {
    open: async () => ({
      bytes: createReadStream(spooled, { highWaterMark: 1 << 20 }),
      size: input.size,
      label: first.label,
    }),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * `json2csv --plan auto`: profiles the input in a first pass (with the same records path and nesting bound as
 * the conversion), proposes a plan (the relational proposal for relational output), and says what it decided on
 * standard error through `say`. The conversion then applies exactly this plan.
 */
export async function proposeForConversion(
  input: Input,
  options: { recordsPath?: string; maxDepth?: number; relational: boolean },
  say: (line: string) => void,
): Promise<FlattenPlan> {
  const profile = await profileJson(input.bytes, {
    ...(options.recordsPath === undefined ? {} : { recordsPath: options.recordsPath }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
  });
  const proposal = proposePlan(profile, { relational: options.relational });
  const records = `${profile.records.toLocaleString('en-US')} ${profile.records === 1 ? 'record' : 'records'}`;
  say(`--plan auto: profiled ${records} of ${input.label}; the plan applied:`);
  for (const line of proposalLines(proposal)) say(line);
  return proposal.plan;
}
