/**
 * Command-line flags declared as data: one table drives parsing and `--help`, so they cannot drift apart.
 */

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

/** Parses `args` against a command's flag table. */
export function parseArgs(command: CommandSpec, args: readonly string[]): ParsedArgs {
  const byName = new Map<string, FlagSpec>();
  for (const flag of command.flags) {
    byName.set(`--${flag.name}`, flag);
    if (flag.short) byName.set(`-${flag.short}`, flag);
  }
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  let onlyPositionals = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const key = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const spec = byName.get(key);
    if (!spec) throw new UsageError(`unknown option ${key} for '${command.name}'`);
    if (!spec.value) {
      if (equals > 0 && arg.startsWith('--')) throw new UsageError(`${key} takes no value`);
      flags.set(spec.name, true);
      continue;
    }
    let value: string | undefined;
    if (equals > 0 && arg.startsWith('--')) value = arg.slice(equals + 1);
    else value = args[++i];
    if (value === undefined) throw new UsageError(`${key} needs a value (${spec.value})`);
    if (spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(`${key} must be one of ${spec.choices.join(', ')}; got '${value}'`);
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
