import { MAX_PLAN_TEXT_BYTES } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type FormPartSpec, formBody, professionalUser, type TestUser } from './support/api-client.js';
import { finalJob } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// `curl -F file=@data.json -F output_format=tsv` sends the option after the file. The options were taken from
// what the form had delivered when the file began, so a big file converted to CSV without a word (a small one
// happened to work, its trailing field parsed by then). A field after the file is now refused, whatever the size.

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '1' } });
  user = await professionalUser(t, 'upload-form');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const RECORDS = '[{"a":1,"b":2}]';
const file = (content: string = RECORDS, name = 'data.json'): FormPartSpec => ({
  name: 'file',
  filename: name,
  content,
});

function send(url: string, parts: readonly FormPartSpec[]) {
  return call(t.app, user, 'POST', url, formBody(parts));
}

function expectRefused(response: { statusCode: number; json(): unknown }, detail: string | RegExp): void {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail });
}

/** What the account holds: its file records and stored objects. */
async function held() {
  const files = (await call(t.app, user, 'GET', '/api/files')).json().files as Array<{ status: string }>;
  return {
    stored: files.filter((record) => record.status !== 'failed').length,
    objects: (await t.storage.list(`users/${user.id}`)).length + (await t.storage.list(`batches/${user.id}`)).length,
  };
}

const AFTER_FILE = /^The field "output_format" came after the file; send every field before the file part/;

describe('a form field after the file', () => {
  it('is refused by a conversion, which keeps nothing, where the same field before the file converts with it', async () => {
    const before = await held();
    // Big enough that the file is still streaming when the conversion starts.
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `n${i}` })));
    expectRefused(await send('/api/convert/file', [file(big), { name: 'output_format', value: 'tsv' }]), AFTER_FILE);
    expectRefused(await send('/api/convert/file', [file(), { name: 'output_format', value: 'tsv' }]), AFTER_FILE);
    expect(await held()).toEqual(before);
    const right = await send('/api/convert/file', [{ name: 'output_format', value: 'tsv' }, file(big)]);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ output_format: 'tsv' });
    expect(await held()).toEqual({ stored: before.stored + 1, objects: before.objects + 2 });
  });

  it('is refused by an asynchronous conversion, whose job is not made', async () => {
    const jobs = async () => (await call(t.app, user, 'GET', '/api/batch/jobs')).json().total as number;
    const before = await jobs();
    expect(before).toEqual(expect.any(Number));
    expectRefused(
      await send('/api/convert/file?async=1', [file(), { name: 'output_format', value: 'tsv' }]),
      AFTER_FILE,
    );
    expect(await jobs()).toBe(before);
  });

  it('is refused by a batch, even after its last file, and nothing is queued', async () => {
    const parts: FormPartSpec[] = [
      { name: 'files', filename: 'a.json', content: RECORDS },
      { name: 'files', filename: 'b.json', content: RECORDS },
      { name: 'output_format', value: 'tsv' },
    ];
    const before = await held();
    expectRefused(await send('/api/convert/batch', parts), AFTER_FILE);
    expect(await held()).toEqual(before);
    const right = await send('/api/convert/batch', [parts[2] as FormPartSpec, ...parts.slice(0, 2)]);
    expect(right.statusCode, right.body).toBe(200);
    const job = await finalJob(t.app, user, right.json().job_id);
    expect(job.files.map((one) => one.download_url?.endsWith('.tsv'))).toEqual([true, true]);
  });

  it('is refused by a plain upload and by the plan proposal, which take no field at all', async () => {
    expectRefused(
      await send('/api/files/upload', [file(), { name: 'note', value: 'x' }]),
      /^The field "note" came after/,
    );
    expectRefused(await send('/api/files/upload', [{ name: 'note', value: 'x' }, file()]), /^Unknown field "note"/);
    expectRefused(await send('/api/convert/plan', [{ name: 'sample', value: '5' }, file()]), /^Unknown field "sample"/);
  });
});

describe('a form’s other shapes that would lose a choice', () => {
  it('refuses an option given twice, which used to be dropped for the default', async () => {
    const twice = [{ name: 'output_format', value: 'tsv' }, { name: 'output_format', value: 'csv' }, file()];
    expectRefused(
      await send('/api/convert/file', twice),
      'The field "output_format" is given twice; give each option once.',
    );
    expectRefused(
      await send('/api/convert/batch', [...twice.slice(0, 2), { name: 'files', filename: 'a.json', content: RECORDS }]),
      'The field "output_format" is given twice; give each option once.',
    );
  });

  it('refuses a second file where one is taken', async () => {
    const second = { name: 'file', filename: 'other.json', content: RECORDS };
    for (const url of ['/api/convert/file', '/api/files/upload']) {
      expectRefused(
        await send(url, [file(), second]),
        'The form holds more than one file; send one file part, named "file".',
      );
    }
  });

  it('refuses a file under another name (curl -F plan=@plan.json), which a batch used to skip without a word', async () => {
    const plan = { name: 'plan', filename: 'plan.json', content: '{"version":1,"paths":[]}' };
    expectRefused(
      await send('/api/convert/file', [plan, file()]),
      /^Please select a file\. The form sends a file as "plan"; files go in "file" parts/,
    );
    expectRefused(
      await send('/api/convert/batch', [plan, { name: 'files', filename: 'a.json', content: RECORDS }]),
      /^The form sends a file as "plan"; files go in "files" parts and options in fields \(with curl, -F "plan=<path"/,
    );
  });

  it('refuses a field longer than it may be, rather than reading the part that arrived', async () => {
    // A records path cut at the batch's old 1 KiB field size still named a path: the wrong one.
    const longPath = `a.${'b'.repeat(MAX_PLAN_TEXT_BYTES)}`;
    expectRefused(
      await send('/api/convert/batch', [
        { name: 'records', value: longPath },
        { name: 'files', filename: 'a.json', content: RECORDS },
      ]),
      `The field "records" is longer than the ${MAX_PLAN_TEXT_BYTES.toLocaleString('en-US')} bytes a field may hold.`,
    );
    expectRefused(
      await send('/api/convert/file', [{ name: 'records', value: longPath }, file()]),
      /^The field "records" is longer than the 262,144 bytes/,
    );
  });

  it('says what is wrong with a malformed form instead of calling it cut short', async () => {
    const post = (headers: Record<string, string>, payload: Buffer | string) =>
      call(t.app, user, 'POST', '/api/convert/file', { payload, headers });
    expectRefused(
      await post({ 'content-type': 'multipart/form-data' }, RECORDS),
      /^The form’s Content-Type names no usable boundary/,
    );
    expectRefused(
      await send('/api/convert/file', [
        { name: 'plan', value: '{"version":', contentType: 'application/json' },
        file(),
      ]),
      'A field sent as application/json is not valid JSON.',
    );
    expectRefused(
      await send('/api/convert/file', [{ name: '__proto__', value: 'x' }, file()]),
      'A field name of the form is not allowed.',
    );
    // A body that stops inside the form is still the upload ending early.
    const { payload, headers } = formBody([file()]);
    const cut = await post(headers, payload.subarray(0, payload.length - 12));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({
      code: 'BAD_REQUEST',
      detail: 'The upload ended before the whole file arrived.',
    });
  });

  it('takes a field sent as application/json as its JSON text: a plan', async () => {
    const plan = JSON.stringify({ version: 1, paths: [{ path: 'tags', strategy: 'join' }] });
    const response = await send('/api/convert/file', [
      { name: 'plan', value: plan, contentType: 'application/json' },
      file('[{"id":1,"tags":["x","y"]}]'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const download = await call(t.app, user, 'GET', `/api/files/download/${response.json().file_id}`);
    expect(download.body).toBe('id,tags\n1,"x; y"\n');
  });
});
