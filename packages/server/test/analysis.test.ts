import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANALYSIS_TEXTS } from '@unnest/contracts';
import { AnalysisCollector, jsonToCsv } from '@unnest/engine';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnalysisService, type HeaderRefiner } from '../src/analysis/service.js';
import { createLogger } from '../src/platform/logger.js';
import { call, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let free: TestUser;
let premium: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  free = await signedInUser(t, 'free');
  premium = await signedInUser(t, 'premium');
  // The operator command's service: premium comes from the plan, read by the server on every call.
  await t.auth.setPlan(premium.email, 'professional');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

// Crafted so that each analysis field has something to find: a nested path, an e-mail column, numbers
// stored as strings, a missing value.
const PEOPLE = JSON.stringify([
  { id: 1, email: 'ada@example.com', user: { addr: { zip: '10115' } }, score: '12' },
  { id: 2, email: 'grace@example.com', user: { addr: { zip: '20095' } }, score: '7' },
  { id: 3, email: 'alan@example.com', user: { addr: { zip: '80331' } }, score: '9' },
  { id: 4, email: 'edsger@example.com', score: '5' },
]);

const LOSSLESS = '[{"id":12345678901234567890,"name":"Ada","tags":["a","b"]},{"id":2,"name":"Grace","tags":["c","d"]}]';

async function convert(user: TestUser, content: string, name = 'people.json') {
  const response = await uploadFile(t.app, user, { name, content });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function compare(user: TestUser, payload: object) {
  return call(t.app, user, 'POST', '/api/convert/compare-analysis', { payload });
}

describe('the file conversion answer', () => {
  it('has no analysis fields at all for a free account', async () => {
    const body = await convert(free, PEOPLE);
    expect(body.file_id).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('ai_analysis');
    expect(body).not.toHaveProperty('smart_headers');
    expect(body).not.toHaveProperty('data_quality');
  });

  it('carries ai_analysis, smart_headers and data_quality counted from the data for a premium account', async () => {
    const body = await convert(premium, PEOPLE);
    expect(body.ai_analysis).toMatchObject({
      estimated_complexity: expect.stringMatching(/^(simple|moderate|complex)$/),
      max_depth: 3,
      records: 4,
      columns: 4,
    });
    expect(body.ai_analysis.field_types.email).toBe('email');
    const email = body.ai_analysis.fields.find((field: { path: string }) => field.path === 'email');
    expect(email).toMatchObject({ semantic_type: 'email', semantic_matched: 4, nulls: 0, missing: 0, distinct: 4 });
    expect(body.smart_headers.map((h: { column: number; path: string }) => [h.column, h.path])).toEqual([
      [1, 'id'],
      [2, 'email'],
      [3, 'user.addr.zip'],
      [4, 'score'],
    ]);
    expect(body.smart_headers[2]).toMatchObject({ name: 'User Address ZIP', source: 'dictionary' });
    const asStrings = body.data_quality.issues.find(
      (issue: { kind: string; path: string }) => issue.kind === 'numbers_as_strings' && issue.path === 'score',
    );
    expect(asStrings).toMatchObject({ count: 4 });
    expect(asStrings.examples.length).toBeGreaterThan(0);
    const missing = body.data_quality.issues.find(
      (issue: { kind: string; path: string }) => issue.kind === 'missing_values' && issue.path === 'user.addr.zip',
    );
    expect(missing).toMatchObject({ count: 1 });
    expect(body.data_quality.recommendations).toContain(asStrings.recommendation);
    expect(body.ai_analysis.data_quality_issues).toEqual(body.data_quality.issues);
  });

  it('adds no analysis to a CSV to JSON conversion', async () => {
    const body = await convert(premium, 'a,b\n1,2\n', 'table.csv');
    expect(body).not.toHaveProperty('ai_analysis');
  });
});

describe('the analysis of a record wider than the paths it tracks', () => {
  it('summarises the columns past the limit and says so in words', async () => {
    const wide = JSON.stringify([Object.fromEntries(Array.from({ length: 6000 }, (_, k) => [`k${k}`, k]))]);
    const body = await convert(premium, wide, 'wide.json');
    expect(body.ai_analysis.fields).toHaveLength(5000);
    expect(body.ai_analysis.limits).toHaveLength(1);
    expect(body.ai_analysis.limits[0]).toMatch(
      /^Only the first 5,000 paths were analysed one by one; (about )?[\d,]+ more columns \(1,000 values\) were only counted/,
    );
  });
});

describe('POST /api/convert/compare-analysis', () => {
  it('refuses a free account without credits with 403, says why and how to buy credits', async () => {
    const { file_id } = await convert(free, LOSSLESS, 'free.json');
    const response = await compare(free, { file_id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      detail: `${ANALYSIS_TEXTS.premiumRequired} You have no conversion credits left: buy credits to get it without upgrading.`,
    });
  });

  it('scores a lossless stored file 100 everywhere, with the evidence', async () => {
    const { file_id } = await convert(premium, LOSSLESS, 'lossless.json');
    const response = await compare(premium, { file_id });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis, quality_score, file_quality } = response.json();
    for (const score of [
      'quality_score',
      'trust_score',
      'accuracy_score',
      'data_integrity',
      'structure_preservation',
      'field_mapping_accuracy',
    ]) {
      expect(analysis[score], score).toBe(100);
    }
    expect(quality_score).toBe(100);
    expect(analysis.evidence).toMatchObject({
      original_records: 2,
      reconverted_records: 2,
      identical_records: 2,
      original_values: 8,
      equal_values: 8,
      preserved_fields: 4,
      lost_fields: 0,
      gained_fields: 0,
      differences: [],
      differences_total: 0,
    });
    expect(analysis.quality_assessment).toBe('Lossless: all 8 values of 2 records came back exactly as written.');
    expect(analysis.recommendations).toEqual([]);
    expect(file_quality).toMatchObject({
      quality_score: 100,
      trust_score: 100,
      conversion_reliability: 'highly_reliable',
      data_integrity: { score: 100, preserved_fields: 4, lost_fields: 0, gained_fields: 0 },
      structure_analysis: { structure_preservation: 100, original_structure: '2 records, 4 fields, depth 2' },
      // The id column's 20-digit number is a warning of the original's quality report: 3 of 4 columns are clean.
      business_impact: { business_value_preserved: 100, analysis_readiness: 75 },
    });
    expect(file_quality.issues_found).toEqual([
      expect.stringMatching(/^1 number of 'id' has more digits than a double/),
    ]);
  });

  it('never calls a round trip lossless whose key held half a character, written U+FFFD in the header', async () => {
    const original = String.raw`[{"name\ud83d":"Ada"},{"name\ud83d":"Grace"}]`;
    const response = await compare(premium, { original_json: original, csv_data: 'name\ufffd\nAda\nGrace\n' });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis } = response.json();
    expect(analysis.quality_assessment).toBe(
      '2 of 2 values (100%) came back exactly; 1 key named with U+FFFD where it held half a character.',
    );
    expect(analysis.evidence).toMatchObject({ identical_records: 0, equal_values: 2, lost_fields: 0 });
    expect(analysis.trust_score).toBe(0);
    expect(analysis.advice).toEqual([
      expect.objectContaining({ cause: 'lone_surrogates', text: expect.stringMatching(/^1 key \(first: record 1/) }),
    ]);
  });

  it('answers "nothing to compare" (null), not 100, where a score has no count to rest on', async () => {
    const response = await compare(premium, { original_json: '[]', csv_data: '' });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis, quality_score, file_quality } = response.json();
    expect(analysis).toMatchObject({
      quality_score: null,
      trust_score: null,
      accuracy_score: null,
      data_integrity: null,
      structure_preservation: null,
      field_mapping_accuracy: null,
      evidence: { original_values: 0, value_equality_rate: null, type_preservation: null },
    });
    expect(quality_score).toBeNull();
    expect(file_quality).toMatchObject({
      conversion_reliability: 'nothing_to_compare',
      business_impact: { business_value_preserved: null, analysis_readiness: null },
    });
  });

  it("rounds each rate down to one decimal, by the engine's one rule", async () => {
    // 2 of 3 values came back equal: 66.66...% reads 66.6, never 66.7.
    const response = await compare(premium, { original_json: '[{"a":1},{"a":2},{"a":3}]', csv_data: 'a\n1\n2\n4\n' });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis, file_quality } = response.json();
    expect(analysis.accuracy_score).toBe(66.6);
    expect(analysis.evidence.value_equality_rate).toBe(66.6);
    expect(file_quality.business_impact.business_value_preserved).toBe(66.6);
    expect(analysis.quality_assessment).toMatch(/^2 of 3 values \(66\.6%\) came back exactly/);
  });

  it('names what a CSV lost when texts are sent', async () => {
    const original = '[{"a":1,"b":"x"},{"a":2,"b":"y"}]';
    const response = await compare(premium, { original_json: original, csv_data: 'a\n1\n3\n' });
    expect(response.statusCode, response.body).toBe(200);
    const { analysis, file_quality } = response.json();
    expect(analysis.evidence).toMatchObject({
      lost_fields: 1,
      lost_paths: ['b'],
      value_changed: 1,
      missing: 2,
      equal_values: 1,
      original_values: 4,
    });
    expect(analysis.evidence.differences).toContainEqual({
      record: 2,
      path: 'a',
      kind: 'value',
      original: '2',
      reconverted: '3',
    });
    expect(analysis.data_integrity).toBe(50);
    expect(analysis.accuracy_score).toBe(25);
    expect(analysis.trust_score).toBe(0);
    expect(analysis.recommendations.length).toBeGreaterThan(0);
    expect(file_quality.conversion_reliability).toBe('unreliable');
    expect(file_quality.issues_found).toContain('1 field lost: b');
  });

  it('checks its input: something to compare, an owned file, under 20 MB, a JSON that parses', async () => {
    expect((await compare(premium, {})).json()).toMatchObject({ detail: ANALYSIS_TEXTS.nothingToCompare });
    const { file_id } = await convert(free, LOSSLESS, 'not-yours.json');
    expect((await compare(premium, { file_id })).statusCode).toBe(404);
    // 2 bytes a character: under the schema's character limit, over the 20 MB byte limit.
    const big = `["${'é'.repeat(10_500_000)}"]`;
    const tooBig = await compare(premium, { original_json: big, csv_data: 'a\n1\n' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe(ANALYSIS_TEXTS.tooLarge);
    const broken = await compare(premium, { original_json: '[{"a":1', csv_data: 'a\n1\n' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail).toMatch(/^Comparison failed: /);
  });
});

describe('column names refined by a model', () => {
  const log = createLogger('silent');
  /** The analysis of a conversion of `[{"usr_nm":"ada"}]`. */
  const open = async () => {
    const collector = new AnalysisCollector();
    for await (const _ of jsonToCsv([Buffer.from('[{"usr_nm":"ada"}]')], { analysis: collector })) {
      // The output is not needed: the collector fills while the conversion runs.
    }
    return { report: collector.report() };
  };

  function service(refiner: HeaderRefiner) {
    return new AnalysisService({
      payments: t.payments,
      files: t.files,
      log,
      pool: t.conversionPool,
      refiner,
    });
  }

  it('uses the model’s names when they come in time', async () => {
    const fields = await service({
      timeoutMs: 1000,
      refine: async (report) => report.smartHeaders.map((h) => ({ ...h, name: 'User Name', description: 'Login' })),
    }).conversionFields(await open());
    expect(fields.smart_headers).toEqual([
      { column: 1, path: 'usr_nm', name: 'User Name', description: 'Login', source: 'model' },
    ]);
  });

  it('keeps the built-in names when the model is too slow or fails, giving up on it at the timeout', async () => {
    const collector = await open();
    let asked: AbortSignal | undefined;
    // Fake timers: the refiner never answers, and only the service's own timeout can end the wait.
    vi.useFakeTimers();
    const pending = service({
      timeoutMs: 100,
      refine: (_report, signal) => {
        asked = signal;
        return new Promise(() => {});
      },
    }).conversionFields(collector);
    await vi.advanceTimersByTimeAsync(100);
    const slow = await pending;
    vi.useRealTimers();
    expect(asked?.aborted).toBe(true);
    expect(slow.smart_headers?.[0]).toMatchObject({ path: 'usr_nm', source: 'dictionary' });
    const failing = await service({
      timeoutMs: 1000,
      refine: async () => {
        throw new Error('model down');
      },
    }).conversionFields(await open());
    expect(failing.smart_headers?.[0]).toMatchObject({ path: 'usr_nm', source: 'dictionary' });
  });
});

describe('a conversion with LLM_* pointing at a model (a local stub)', () => {
  let model: http.Server;
  let app: TestApp;
  let user: TestUser;
  let prompts: string[];
  let answer: 'names' | 'hang';
  let abandoned = 0;
  beforeAll(async () => {
    prompts = [];
    model = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        prompts.push(body);
        if (answer === 'hang') {
          // Never answers; the server must give up at its timeout and close the request.
          response.on('close', () => {
            abandoned++;
          });
          return;
        }
        const columns = [{ path: 'usr_nm', name: 'Login Name', description: 'The name the user signs in with' }];
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ columns }) } }] }));
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const { port } = model.address() as AddressInfo;
    app = await startTestApp({
      env: { LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_API_KEY: 'stub-key', LLM_MODEL: 'stub-model' },
    });
    user = await signedInUser(app, 'llm');
    await app.auth.setPlan(user.email, 'business');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    model.closeAllConnections();
    await new Promise((resolve) => model.close(resolve));
  });

  it('answers the model’s names and descriptions, sending it the columns and samples', async () => {
    answer = 'names';
    const response = await uploadFile(app.app, user, { name: 'users.json', content: '[{"usr_nm":"ada"}]' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().smart_headers).toEqual([
      {
        column: 1,
        path: 'usr_nm',
        name: 'Login Name',
        description: 'The name the user signs in with',
        source: 'model',
      },
    ]);
    const sent = JSON.parse(prompts.at(-1) ?? '{}');
    expect(sent.model).toBe('stub-model');
    expect(JSON.stringify(sent.messages)).toContain('usr_nm');
    expect(JSON.stringify(sent.messages)).toContain('ada');
  });

  it('keeps the built-in names when the model does not answer, and abandons the request to it', async () => {
    answer = 'hang';
    const response = await uploadFile(app.app, user, { name: 'users.json', content: '[{"usr_nm":"ada"}]' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().smart_headers[0]).toMatchObject({ path: 'usr_nm', source: 'dictionary' });
    await vi.waitFor(() => expect(abandoned).toBe(1));
  }, 20_000);
});
