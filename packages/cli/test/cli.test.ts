import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { createProgress } from '../src/progress.js';
import { memoryIo } from './memory-io.js';

const run = promisify(execFile);
const bin = new URL('../bin/unnest.js', import.meta.url).pathname;

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'unnest-cli-test-'));
}

describe('unnest json2csv', () => {
  it('converts standard input to standard output', async () => {
    const t = memoryIo('[{"id":12345678901234567890,"name":"Ada","tags":["x","y"]},{"id":2,"late":true}]');
    expect(await runCli(['json2csv'], t.io)).toBe(0);
    expect(t.stdout()).toBe('id,name,tags.0,tags.1,late\n12345678901234567890,Ada,x,y,\n2,,,,true\n');
    expect(t.stderr()).toBe('');
  });

  it('keeps the columns of each array together with --group-array-columns, first-seen order without it', async () => {
    const input = '[{"items":[{"sku":"a"}],"note":"n"},{"items":[{"sku":"b"},{"sku":"c"}],"note":"m"}]';
    const plain = memoryIo(input);
    expect(await runCli(['json2csv'], plain.io)).toBe(0);
    expect(plain.stdout()).toBe('items.0.sku,note,items.1.sku\na,n,\nb,m,c\n');
    const grouped = memoryIo(input);
    expect(await runCli(['json2csv', '--group-array-columns'], grouped.io)).toBe(0);
    expect(grouped.stdout()).toBe('items.0.sku,items.1.sku,note\na,,n\nb,c,m\n');
    const relational = memoryIo(input);
    expect(await runCli(['json2csv', '--group-array-columns', '--relational', '--plan', 'auto'], relational.io)).toBe(
      2,
    );
    expect(relational.stderr()).toContain('--group-array-columns applies to a single table');
  });

  it('reads `-` as standard input and honours the CSV options', async () => {
    const t = memoryIo('[{"a":"=1+1","b":{"c":"x;y"}}]');
    const code = await runCli(
      ['json2csv', '-', '--delimiter', ';', '--separator', '/', '--excel-safe', '--eol', 'crlf'],
      t.io,
    );
    expect(code).toBe(0);
    expect(t.stdout()).toBe('a;b/c\r\n\'=1+1;"x;y"\r\n');
  });

  it('writes a file atomically and reports the records path', async () => {
    const dir = await scratch();
    const input = join(dir, 'in.json');
    const output = join(dir, 'out.csv');
    await writeFile(input, '{"meta":{"n":2},"data":{"items":[{"x":1},{"x":2}]}}');
    const t = memoryIo();
    expect(await runCli(['json2csv', input, '-o', output], t.io)).toBe(0);
    expect(await readFile(output, 'utf8')).toBe('x\n1\n2\n');
    expect(t.stderr()).toContain("records found at 'data.items'");
    expect(t.stdout()).toBe('');
  });

  it('leaves no output file behind when the input is bad, and names the position', async () => {
    const dir = await scratch();
    const input = join(dir, 'bad.json');
    await writeFile(input, '[{"a":1},\n{"a":2,}]');
    const t = memoryIo();
    expect(await runCli(['json2csv', input, '-o', join(dir, 'out.csv')], t.io)).toBe(1);
    expect(t.stderr()).toMatch(/^unnest: .+\(line 2, column \d+, record 2\)\n$/);
    expect(await readdir(dir)).toEqual(['bad.json']);
  });

  it('takes --records and fails clearly when the path is missing', async () => {
    const ok = memoryIo('{"a":{"b":[{"x":1}]}}');
    expect(await runCli(['json2csv', '--records', 'a.b'], ok.io)).toBe(0);
    expect(ok.stdout()).toBe('x\n1\n');
    const missing = memoryIo('{"a":{"b":[{"x":1}]}}');
    expect(await runCli(['json2csv', '--records', 'a.c'], missing.io)).toBe(1);
    expect(missing.stderr()).toMatch(/^unnest: .*a\.c.*\n$/);
  });

  it('takes a --records key holding a dot, escaped with a backslash, and reports such a path escaped', async () => {
    const input = '{"data.v2":{"items":[{"x":1}]},"data":{"v2":{"items":[{"x":2}]}}}';
    const escaped = memoryIo(input);
    expect(await runCli(['json2csv', '--records', String.raw`data\.v2.items`], escaped.io)).toBe(0);
    expect(escaped.stdout()).toBe('x\n1\n');
    const plain = memoryIo(input);
    expect(await runCli(['json2csv', '--records', 'data.v2.items'], plain.io)).toBe(0);
    expect(plain.stdout()).toBe('x\n2\n');
    const found = memoryIo('{"n":1,"data.v2":{"items":[{"x":1}]}}');
    expect(await runCli(['json2csv'], found.io)).toBe(0);
    expect(found.stderr()).toBe(
      `unnest: records found at '${String.raw`data\.v2.items`}'\nunnest: left out, not converted: 'n' (1 B); 1 part, 1 B beside 9 B of records (--records PATH converts another part)\n`,
    );
  });

  it("fails with one positioned line when a cell is past Excel's length limit", async () => {
    const t = memoryIo(`[{"a":"${'x'.repeat(32_768)}"}]`);
    expect(await runCli(['json2csv', '--format', 'xlsx'], t.io)).toBe(1);
    expect(t.stderr()).toBe(
      'unnest: The cell in column A ("a") has 32768 characters, more than an Excel cell holds (32767) (line 1, column 7, record 1)\n',
    );
    expect(t.stdout()).toBe('');
  });

  it('guards formula-like keys with --excel-safe, and csv2json --excel-safe gives them back', async () => {
    const records = '[{"=HYPERLINK(\\"http://x\\")":"=1","@a":{"-b":2}}]';
    const toCsv = memoryIo(records);
    expect(await runCli(['json2csv', '--excel-safe'], toCsv.io)).toBe(0);
    expect(toCsv.stdout()).toBe(`"'=HYPERLINK(""http://x"")",'@a.-b\n'=1,2\n`);
    const back = memoryIo(toCsv.stdout());
    expect(await runCli(['csv2json', '--excel-safe'], back.io)).toBe(0);
    expect(JSON.parse(back.stdout())).toEqual(JSON.parse(records));
  });

  it('says how many cells --excel-safe guarded, with two examples; a phone number is left alone', async () => {
    const t = memoryIo('[{"phone":"+49 30 1234567","f":"=SUM(A1)"},{"phone":"-abc","f":"@x"}]');
    expect(await runCli(['json2csv', '--excel-safe'], t.io)).toBe(0);
    expect(t.stdout()).toBe("phone,f\n+49 30 1234567,'=SUM(A1)\n'-abc,'@x\n");
    expect(t.stderr()).toBe(
      `unnest: --excel-safe put a ' before 3 cells a spreadsheet would run as a formula (f: "=SUM(A1)", phone: "-abc"); csv2json --excel-safe takes it off again\n`,
    );
    const quiet = memoryIo('[{"phone":"+49 30 1234567"}]');
    expect(await runCli(['json2csv', '--excel-safe'], quiet.io)).toBe(0);
    expect(quiet.stderr()).toBe('');
  });

  it('says which strings held a lone surrogate escape, written as U+FFFD', async () => {
    const t = memoryIo(String.raw`[{"s":"a\ud800b"},{"s":"\ud83d\ude00"}]`);
    expect(await runCli(['json2csv'], t.io)).toBe(0);
    expect(t.stdout()).toBe('s\na\ufffdb\n\u{1f600}\n');
    expect(t.stderr()).toBe(
      `unnest: 1 string holds a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\ufffd) in its place (s: "a\\ud800b").\n`,
    );
  });
});

describe('unnest csv2json', () => {
  it('infers exact types and unflattens headers', async () => {
    const t = memoryIo('id,user.name,tags.0,zip\n12345678901234567890,Ada,x,007\n');
    expect(await runCli(['csv2json', '--ndjson'], t.io)).toBe(0);
    expect(t.stdout()).toBe('{"id":12345678901234567890,"user":{"name":"Ada"},"tags":["x"],"zip":"007"}\n');
  });

  it('keeps strings with --no-types and arrays with --no-header', async () => {
    const t = memoryIo('a,b\n1,\n');
    expect(await runCli(['csv2json', '--no-types', '--ndjson'], t.io)).toBe(0);
    expect(t.stdout()).toBe('{"a":"1","b":""}\n');
    const rows = memoryIo('a,b\n1,2\n');
    expect(await runCli(['csv2json', '--no-header', '--ndjson'], rows.io)).toBe(0);
    expect(rows.stdout()).toBe('["a","b"]\n["1","2"]\n');
  });

  it('types columns from all their cells with --types per-column, and reports each decision with counts', async () => {
    const zips = 'zip,n\n35760,1\n03432,2\n35801,\n';
    const t = memoryIo(zips);
    expect(await runCli(['csv2json', '--ndjson', '--types', 'per-column'], t.io)).toBe(0);
    expect(t.stdout()).toBe('{"zip":"35760","n":1}\n{"zip":"03432","n":2}\n{"zip":"35801","n":null}\n');
    expect(t.stderr()).toContain(
      'unnest: typed per column, as asked:\nunnest:   zip: strings (2 look like numbers, 1 do not)\nunnest:   n: numbers (2 numbers, 1 empty)\n',
    );
    const perCell = memoryIo(zips);
    expect(await runCli(['csv2json', '--ndjson', '--types', 'per-cell'], perCell.io)).toBe(0);
    expect(perCell.stdout()).toBe('{"zip":35760,"n":1}\n{"zip":"03432","n":2}\n{"zip":35801,"n":null}\n');
    expect(perCell.stderr()).not.toContain('typed per column');
    const strings = memoryIo(zips);
    expect(await runCli(['csv2json', '--ndjson', '--types', 'strings'], strings.io)).toBe(0);
    expect(strings.stdout()).toContain('{"zip":"35760","n":"1"}');
  });

  it('types a file quoting every cell per column by default, and says why', async () => {
    const t = memoryIo('"Country Name","2020"\n"Aruba","106766"\n"Chad",""\n');
    expect(await runCli(['csv2json', '--ndjson'], t.io)).toBe(0);
    expect(t.stdout()).toBe('{"Country Name":"Aruba","2020":106766}\n{"Country Name":"Chad","2020":null}\n');
    expect(t.stderr()).toContain('unnest: typed per column: every cell is quoted, so quoting says nothing about types');
    expect(t.stderr()).toContain('unnest:   2020: numbers (1 number, 1 empty)\n');
    const refused = memoryIo('a\n1\n');
    expect(await runCli(['csv2json', '--types', 'guess'], refused.io)).toBe(2);
    expect(refused.stderr()).toContain('--types must be one of auto, per-column, per-cell, strings');
  });

  it('reads an unclosed quote as a literal and says so with its line number', async () => {
    // Issue 28: one stray quote used to fail the whole file.
    const t = memoryIo('a,b\n1,2\n3,"open\n4,5\n');
    expect(await runCli(['csv2json', '--ndjson'], t.io)).toBe(0);
    expect(t.stdout()).toBe('{"a":1,"b":2}\n{"a":3,"b":"\\"open"}\n{"a":4,"b":5}\n');
    expect(t.stderr()).toContain('unnest: line 3: a quote at column 3 is never closed');
  });

  it('reports the dialect it read and takes each part by hand', async () => {
    const sniffed = memoryIo("Report\n\nname, note\nAda, 'x, y'\nBob, 'z'\nCy, 'w'\n");
    expect(await runCli(['csv2json', '--ndjson'], sniffed.io)).toBe(0);
    expect(sniffed.stdout()).toBe(
      '{"name":"Ada","note":"x, y"}\n{"name":"Bob","note":"z"}\n{"name":"Cy","note":"w"}\n',
    );
    expect(sniffed.stderr()).toContain(
      "unnest: read as delimiter ', ' (sniffed), quote ''' (sniffed), no escape (sniffed), 2 rows skipped before the header (sniffed), 1 header row, utf-8",
    );
    const given = memoryIo('x|y\nA|B\n"1\\"2"|3\n');
    const flags = ['--delimiter', '|', '--quote', '"', '--escape', '\\', '--skip-rows', '1', '--encoding', 'utf-8'];
    expect(await runCli(['csv2json', '--ndjson', ...flags], given.io)).toBe(0);
    expect(given.stdout()).toBe('{"A":"1\\"2","B":3}\n');
    expect(given.stderr()).toContain(
      "read as delimiter '|', quote '\"', escape '\\', 1 row skipped before the header, 1 header row, utf-8; confidence 1",
    );
  });

  it('joins stacked header rows with --header-rows', async () => {
    const t = memoryIo('sales,,cost\n2023,2024,2024\n1,2,3\n');
    expect(await runCli(['csv2json', '--ndjson', '--header-rows', '2'], t.io)).toBe(0);
    expect(t.stdout()).toBe('{"sales 2023":1,"sales 2024":2,"cost 2024":3}\n');
  });

  it('says which columns a header without rows has', async () => {
    const t = memoryIo('id,name\n');
    expect(await runCli(['csv2json'], t.io)).toBe(0);
    expect(t.stdout()).toBe('[]\n');
    expect(t.stderr()).toContain('unnest: the CSV has a header and no rows: the JSON is empty; its columns: id, name');
  });
});

describe('usage', () => {
  it('prints help for the tool and for each command', async () => {
    const top = memoryIo();
    expect(await runCli(['--help'], top.io)).toBe(0);
    expect(top.stdout()).toContain('json2csv');
    expect(top.stdout()).toContain('csv2json');
    const sub = memoryIo();
    expect(await runCli(['json2csv', '--help'], sub.io)).toBe(0);
    for (const flag of [
      '--delimiter',
      '--separator',
      '--arrays',
      '--records',
      '--eol',
      '--bom',
      '--excel-safe',
      '--format',
    ]) {
      expect(sub.stdout()).toContain(flag);
    }
  });

  it('rejects unknown commands, unknown flags and bad values with exit 2', async () => {
    for (const argv of [
      ['convert'],
      ['json2csv', '--nope'],
      ['json2csv', '--arrays', 'zip'],
      ['json2csv', '--delimiter', 'ab'],
    ]) {
      const t = memoryIo('[]');
      expect(await runCli(argv, t.io)).toBe(2);
      expect(t.stderr()).toMatch(/^unnest: /);
      expect(t.stderr()).not.toContain('    at ');
    }
  });

  it('reports a missing file with exit 3', async () => {
    const t = memoryIo();
    expect(await runCli(['csv2json', '/no/such/file.csv'], t.io)).toBe(3);
    expect(t.stderr()).toBe("unnest: cannot read '/no/such/file.csv': no such file\n");
  });

  it('accepts tab spelled as \\t or tab', async () => {
    for (const delimiter of ['\\t', 'tab']) {
      const t = memoryIo('[{"a":1,"b":2}]');
      expect(await runCli(['json2csv', '--delimiter', delimiter], t.io)).toBe(0);
      expect(t.stdout()).toBe('a\tb\n1\t2\n');
    }
  });
});

describe('progress bar', () => {
  it('draws percentage, size and rate, and clears itself', () => {
    let clock = 0;
    const written: string[] = [];
    const progress = createProgress(
      2_000_000,
      (text) => written.push(text),
      () => clock,
    );
    clock = 1000;
    progress.update(1_000_000);
    clock = 1050;
    progress.update(1_500_000);
    clock = 2000;
    progress.update(2_000_000);
    progress.finish();
    expect(written).toHaveLength(3);
    expect(written[0]).toContain(' 50%');
    expect(written[0]).toContain('1.0 MB / 2.0 MB');
    expect(written[1]).toContain('100%');
    expect(written[2]).toBe('\r\x1b[K');
  });

  it('stays silent when standard error is not a terminal', async () => {
    const dir = await scratch();
    const input = join(dir, 'in.json');
    await writeFile(input, '[{"a":1}]');
    const t = memoryIo('', { stderrIsTTY: false });
    expect(await runCli(['json2csv', input], t.io)).toBe(0);
    expect(t.stderr()).toBe('');
  });
});

describe('the installed command', () => {
  it('runs as a process from the built files', async () => {
    const { stdout } = await run(process.execPath, [bin, '--help']);
    expect(stdout).toContain('Usage: unnest <command>');
  });

  it('exits non-zero with one line on standard error for bad input', async () => {
    const dir = await scratch();
    const input = join(dir, 'bad.json');
    await writeFile(input, '{"a":');
    const failure = await run(process.execPath, [bin, 'json2csv', input]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1 });
    const stderr = (failure as { stderr: string }).stderr;
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
