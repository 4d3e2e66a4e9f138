/**
 * Command-line flags declared as data: one table drives parsing (by `node:util` parseArgs) and `--help`,
 * so they cannot drift apart.
 */
import { type ParseArgsConfig, parseArgs as parseArgsWithTokens } from 'node:util';

/** A flag's kind: a switch, or one that takes a value (`--delimiter ;` or `--delimiter=;`). */
export interface FlagSpec {
  name: string;
  short?: string;
  value?: string;
  help: string;
  /** Allowed values, checked while parsing. */
  choices?: readonly string[];
}

/** A sub-command: its flags and one line of help. */
export interface CommandSpec {
  name: string;
  summary: string;
  usage: string;
  flags: readonly FlagSpec[];
  examples: readonly string[];
}

/** What parsing produced: flag values by name and the positional arguments. */
export interface ParsedArgs {
  flags: Map<string, string | true>;
  positionals: string[];
}

/** A mistake in how the command was called; the CLI prints it with a hint and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses `args` against a command's flag table, with the platform's parser doing the splitting. */
export function parseArgs(command: CommandSpec, args: readonly string[]): ParsedArgs {
  const byName = new Map(command.flags.map((flag) => [flag.name, flag]));
  const options: ParseArgsConfig['options'] = {};
  for (const flag of command.flags) {
    options[flag.name] = { type: flag.value ? 'string' : 'boolean', ...(flag.short ? { short: flag.short } : {}) };
  }
  // Not strict: unknown flags and missing values come back as tokens, reported here in our own words.
  const { tokens } = parseArgsWithTokens({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    // Short flags stand alone (`-o FILE`): grouped (`-qo`) or with the value attached (`-oFILE`), an argument is unknown.
    const arg = args[token.index] ?? token.rawName;
    if (!arg.startsWith('--') && arg !== token.rawName) {
      throw new UsageError(`unknown option ${arg} for '${command.name}'`);
    }
    const spec = byName.get(token.name);
    if (!spec) throw new UsageError(`unknown option ${token.rawName} for '${command.name}'`);
    if (!spec.value) {
      if (token.inlineValue) throw new UsageError(`${token.rawName} takes no value`);
      flags.set(spec.name, true);
      continue;
    }
    const value = token.value;
    if (value === undefined) throw new UsageError(`${token.rawName} needs a value (${spec.value})`);
    if (spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(`${token.rawName} must be one of ${spec.choices.join(', ')}; got '${value}'`);
    }
    flags.set(spec.name, value);
  }
  return { flags, positionals };
}

/** Renders a command's help from its table. */
export function formatCommandHelp(command: CommandSpec): string {
  const rows = command.flags.map((flag) => {
    const names = [flag.short ? `-${flag.short},` : '   ', `--${flag.name}`].join(' ');
    return [flag.value ? `${names} ${flag.value}` : names, flag.help] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return [
    `${command.summary}`,
    '',
    `Usage: ${command.usage}`,
    '',
    'Options:',
    ...rows.map(([left, help]) => `  ${left.padEnd(width)}${help}`),
    '',
    'Examples:',
    ...command.examples.map((example) => `  ${example}`),
    '',
  ].join('\n');
}
