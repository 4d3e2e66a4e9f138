import { describe, expect, it } from 'vitest';
import { csv2jsonCommand, json2csvCommand } from '../src/commands.js';
import { parseArgs, UsageError } from '../src/flags.js';

const parsed = (args: string[]) => {
  const { flags, positionals } = parseArgs(json2csvCommand, args);
  return { flags: Object.fromEntries(flags), positionals };
};

const usageError = (args: string[]): string => {
  try {
    parseArgs(json2csvCommand, args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`parsed: ${args.join(' ')}`);
};

describe('parseArgs', () => {
  it('reads switches, values (spaced or after =), short names and positionals in any order', () => {
    expect(parsed(['in.json', '--bom', '-o', 'out.csv', '--arrays=json', '--delimiter', ';'])).toEqual({
      flags: { bom: true, output: 'out.csv', arrays: 'json', delimiter: ';' },
      positionals: ['in.json'],
    });
  });

  it('takes `-` as standard input, everything after `--` as positionals, and the last of a repeated flag', () => {
    expect(parsed(['-', '--eol', 'crlf', '--eol', 'lf', '--', '--bom', '-o'])).toEqual({
      flags: { eol: 'lf' },
      positionals: ['-', '--bom', '-o'],
    });
  });

  it('takes the next argument as a value even when it starts with a dash', () => {
    expect(parsed(['--delimiter', '-']).flags).toEqual({ delimiter: '-' });
    expect(parsed(['--output=']).flags).toEqual({ output: '' });
  });

  it('knows each command by its own table', () => {
    const { flags } = parseArgs(csv2jsonCommand, ['--no-types', '--pretty']);
    expect(Object.fromEntries(flags)).toEqual({ 'no-types': true, pretty: true });
    expect(() => parseArgs(csv2jsonCommand, ['--bom'])).toThrow("unknown option --bom for 'csv2json'");
  });

  it('names the mistake', () => {
    expect(usageError(['--nope=1'])).toBe("unknown option --nope for 'json2csv'");
    expect(usageError(['-x'])).toBe("unknown option -x for 'json2csv'");
    expect(usageError(['--bom=yes'])).toBe('--bom takes no value');
    expect(usageError(['-o'])).toBe('-o needs a value (FILE)');
    expect(usageError(['--arrays', 'zip'])).toBe("--arrays must be one of index, json, join, explode; got 'zip'");
  });

  it('keeps short flags standalone: grouped or with a value attached, they are unknown', () => {
    expect(usageError(['-qo', 'out.csv'])).toBe("unknown option -qo for 'json2csv'");
    expect(usageError(['-oout.csv'])).toBe("unknown option -oout.csv for 'json2csv'");
    expect(usageError(['-o=out.csv'])).toBe("unknown option -o=out.csv for 'json2csv'");
  });
});
