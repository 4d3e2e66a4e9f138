import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { smartColumnNames } from '../analysis/smart-column-names.js';
import { chatCompletionsUrl, llmSettingsFromEnv, refineColumnNames } from './llm-column-names.js';

let server: Server | undefined;
const requests: { url: string; auth: string | undefined; body: unknown }[] = [];

/** Starts a local stand-in for an OpenAI-compatible endpoint; returns its base URL. */
async function stub(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  requests.length = 0;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        url: req.url ?? '',
        auth: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function answer(res: ServerResponse, content: string): void {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const builtIn = smartColumnNames(['user.addr.zip', 'dob']);

describe('refineColumnNames', () => {
  it('uses the model names and descriptions, sending the model, key, names and samples', async () => {
    const baseUrl = await stub((_req, res) =>
      answer(
        res,
        '```json\n{"columns":[{"path":"user.addr.zip","name":"Postal Code","description":"The user\'s postal code."},{"path":"dob","name":"Birth Date"}]}\n```',
      ),
    );
    const result = await refineColumnNames(
      builtIn,
      { baseUrl, apiKey: 'k-1', model: 'm-1' },
      new Map([['dob', ['1990-01-02']]]),
    );
    expect(result).toEqual({
      refined: true,
      headers: [
        { path: 'user.addr.zip', name: 'Postal Code', description: "The user's postal code." },
        { path: 'dob', name: 'Birth Date' },
      ],
    });
    expect(requests[0]?.url).toBe('/v1/chat/completions');
    expect(requests[0]?.auth).toBe('Bearer k-1');
    const body = requests[0]?.body as { model: string; messages: { content: string }[] };
    expect(body.model).toBe('m-1');
    expect(body.messages[1]?.content).toContain('"name":"User Address ZIP"');
    expect(body.messages[1]?.content).toContain('1990-01-02');
  });

  it('keeps built-in names for duplicate or empty suggestions', async () => {
    const baseUrl = await stub((_req, res) =>
      answer(res, '{"columns":[{"path":"user.addr.zip","name":"Date"},{"path":"dob","name":"Date"}]}'),
    );
    const result = await refineColumnNames(builtIn, { baseUrl, apiKey: 'k', model: 'm' });
    expect(result.headers.map((header) => header.name)).toEqual(['Date', 'Date of Birth']);
  });

  it('keeps the built-in names when the model is too slow', async () => {
    const baseUrl = await stub((_req, res) => {
      setTimeout(() => answer(res, '{"columns":[]}'), 2000);
    });
    const result = await refineColumnNames(builtIn, { baseUrl, apiKey: 'k', model: 'm', timeoutMs: 100 });
    expect(result).toEqual({ headers: builtIn, refined: false, error: 'the model did not answer in time' });
  });

  it('keeps the built-in names when the answer is not JSON', async () => {
    const baseUrl = await stub((_req, res) => answer(res, 'Sure! Here are better names: Postal Code, Birth Date'));
    const result = await refineColumnNames(builtIn, { baseUrl, apiKey: 'k', model: 'm' });
    expect(result.refined).toBe(false);
    expect(result.headers).toEqual(builtIn);
    expect(result.error).toMatch(/JSON/);
  });

  it('keeps the built-in names on HTTP 500', async () => {
    const baseUrl = await stub((_req, res) => {
      res.statusCode = 500;
      res.end('{"error":"overloaded"}');
    });
    const result = await refineColumnNames(builtIn, { baseUrl, apiKey: 'k', model: 'm' });
    expect(result).toEqual({ headers: builtIn, refined: false, error: 'the model endpoint answered HTTP 500' });
  });
});

describe('llm settings', () => {
  it('needs all three variables', () => {
    expect(llmSettingsFromEnv({ LLM_BASE_URL: 'http://x', LLM_API_KEY: 'k' })).toBeNull();
    expect(llmSettingsFromEnv({ LLM_BASE_URL: 'http://x', LLM_API_KEY: 'k', LLM_MODEL: 'm' })).toEqual({
      baseUrl: 'http://x',
      apiKey: 'k',
      model: 'm',
    });
  });

  it('adds /v1 only when the base URL lacks it', () => {
    expect(chatCompletionsUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/chat/completions');
    expect(chatCompletionsUrl('http://localhost:11434')).toBe('http://localhost:11434/v1/chat/completions');
  });
});
