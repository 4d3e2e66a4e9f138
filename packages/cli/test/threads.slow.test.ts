import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/main.js';
import { memoryIo } from './memory-io.js';

/** Just over two pieces of 16 MiB: the smallest file the CLI splits when `--threads` is given. */
const SIZE = 34 * 1024 * 1024;
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'unnest-threads-test-'));
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < SIZE; i++) {
    const record = { id: i, name: `n"${i}`, price: `${i}.10`, ...(i % 3 === 0 ? { tags: [i, 'x'] } : {}) };
    const line = JSON.stringify(i > 400_000 ? { ...record, late: true } : record);
    lines.push(line);
    size += line.length + 1;
  }
  await writeFile(join(dir, 'in.jsonl'), `${lines.join('\n')}\n`);
  await writeFile(join(dir, 'in.json'), `[${lines.join(',\n')}]`);
  await writeFile(join(dir, 'in-document.json'), `{"data":[${lines.join(',\n')}]}`);
  // Half an emoji in the last record (JSON.stringify writes a lone surrogate as its escape).
  const cut = JSON.stringify({ id: -1, name: 'cut \ud83d' });
  await writeFile(join(dir, 'in-cut.jsonl'), `${[...lines.slice(0, -1), cut].join('\n')}\n`);
  const rows = ['id,note,price'];
  for (let i = 0; rows.length * 40 < SIZE; i++) rows.push(`${i},"line one\nline, two ${'x'.repeat(i % 9)}",${i}.5`);
  await writeFile(join(dir, 'in.csv'), `${rows.join('\r\n')}\r\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function convert(args: string[]) {
  const t = memoryIo();
  const code = await runCli(args, t.io);
  return { code, stderr: t.stderr() };
}

describe('unnest --threads', () => {
  it('converts a JSON Lines file on two threads into the bytes of one', async () => {
    const split = await convert(['json2csv', join(dir, 'in.jsonl'), '-o', join(dir, 'two.csv'), '--threads', '2']);
    expect(split).toEqual({ code: 0, stderr: 'unnest: converted in 2 pieces on 2 threads\n' });
    const one = await convert(['json2csv', join(dir, 'in.jsonl'), '-o', join(dir, 'one.csv'), '--threads', '1']);
    expect(one).toEqual({ code: 0, stderr: '' });
    expect((await readFile(join(dir, 'two.csv'))).equals(await readFile(join(dir, 'one.csv')))).toBe(true);
  });

  it('converts a CSV file with quoted line breaks on two threads into the bytes of one', async () => {
    const split = await convert(['csv2json', join(dir, 'in.csv'), '-o', join(dir, 'two.json'), '--threads', '2']);
    expect(split.code).toBe(0);
    expect(split.stderr).toContain('unnest: converted in 2 pieces on 2 threads\n');
    await convert(['csv2json', join(dir, 'in.csv'), '-o', join(dir, 'one.json'), '--threads', '1', '-q']);
    expect((await readFile(join(dir, 'two.json'))).equals(await readFile(join(dir, 'one.json')))).toBe(true);
  });

  it('converts a JSON array on two threads, says why a document is converted on one, refuses a bad count', async () => {
    const array = await convert(['json2csv', join(dir, 'in.json'), '-o', join(dir, 'array.csv'), '--threads', '2']);
    expect(array).toEqual({ code: 0, stderr: 'unnest: converted in 2 pieces on 2 threads\n' });
    expect((await readFile(join(dir, 'array.csv'))).equals(await readFile(join(dir, 'one.csv')))).toBe(true);
    const document = await convert([
      'json2csv',
      join(dir, 'in-document.json'),
      '-o',
      join(dir, 'doc.csv'),
      '--threads',
      '2',
    ]);
    expect(document.code).toBe(0);
    expect(document.stderr).toContain(
      'unnest: converting on one thread: only JSON Lines or an array of objects is split\n',
    );
    expect((await readFile(join(dir, 'doc.csv'))).equals(await readFile(join(dir, 'one.csv')))).toBe(true);
    const zero = await convert(['json2csv', join(dir, 'in.jsonl'), '-o', join(dir, 'x.csv'), '--threads', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--threads must be a whole number from 1 to 64');
  });

  it('converts a file whose piece noticed a lone surrogate on one thread, and says why and what it noticed', async () => {
    const cut = await convert(['json2csv', join(dir, 'in-cut.jsonl'), '-o', join(dir, 'cut.csv'), '--threads', '2']);
    expect(cut.code).toBe(0);
    expect(cut.stderr).toBe(
      'unnest: converting on one thread: a piece noticed lone-surrogates, which is reported from the whole file\n' +
        'unnest: 1 string holds a lone surrogate escape (half of a character such as an emoji), which UTF-8 cannot hold: written with U+FFFD (\ufffd) in its place (name: "cut \\ud83d").\n',
    );
    expect(await readFile(join(dir, 'cut.csv'), 'utf8')).toContain('\n-1,cut \ufffd,');
  });

  it('leaves a file under 128 MiB to one thread without --threads, and says nothing of it', async () => {
    const plain = await convert(['json2csv', join(dir, 'in.jsonl'), '-o', join(dir, 'plain.csv')]);
    expect(plain).toEqual({ code: 0, stderr: '' });
    expect((await readFile(join(dir, 'plain.csv'))).equals(await readFile(join(dir, 'one.csv')))).toBe(true);
  });
});
