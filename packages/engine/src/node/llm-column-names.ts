import type { SmartHeader } from '../analysis/report.js';

/** Where an OpenAI-compatible chat completions endpoint is, and how long to wait for it. */
export interface LlmSettings {
  /** `LLM_BASE_URL`: e.g. `https://api.openai.com/v1` or `http://localhost:11434`. */
  baseUrl: string;
  /** `LLM_API_KEY`, sent as a bearer token. */
  apiKey: string;
  /** `LLM_MODEL`. */
  model: string;
  /** Gives up after this many milliseconds (default 10,000). */
  timeoutMs?: number;
}

/** What the refinement produced: the model's names and descriptions, or the built-in names and why. */
export interface RefinedNames {
  headers: SmartHeader[];
  /** True when the model's answer was used (names it gave that were unusable keep the built-in name). */
  refined: boolean;
  /** Why the built-in names stand, when `refined` is false. */
  error?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_NAME = 60;
const MAX_DESCRIPTION = 200;
/** At most this many sample values per column go to the model, each cut to 60 characters. */
const MAX_SAMPLES = 3;

/** The settings from `LLM_BASE_URL`, `LLM_API_KEY` and `LLM_MODEL`, or null unless all three are set. */
export function llmSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): LlmSettings | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const apiKey = env.LLM_API_KEY?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !apiKey || !model) return null;
  return { baseUrl, apiKey, model };
}

/** `…/v1/chat/completions`, whether or not the base URL already ends with `/v1`. */
export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

function prompt(headers: readonly SmartHeader[], samples: ReadonlyMap<string, readonly string[]>): string {
  const columns = headers.map((header) => ({
    path: header.path,
    name: header.name,
    samples: (samples.get(header.path) ?? []).slice(0, MAX_SAMPLES).map((value) => value.slice(0, 60)),
  }));
  return [
    'These are the columns of a CSV file made from JSON: the flattened key path, a readable name and sample values.',
    'Improve each name (short, title case, unique) and write a one-line description of what the column holds.',
    'Answer with JSON only: {"columns":[{"path":"...","name":"...","description":"..."}]}, one entry per path, same paths.',
    JSON.stringify({ columns }),
  ].join('\n');
}

/** The JSON object in a model's answer, allowing a Markdown code fence around it. */
function parseAnswer(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  return JSON.parse(fenced ? (fenced[1] as string) : content);
}

function merge(headers: readonly SmartHeader[], answer: unknown): SmartHeader[] {
  const columns = (answer as { columns?: unknown }).columns;
  if (!Array.isArray(columns)) throw new Error('the answer has no "columns" list');
  const byPath = new Map<string, { name?: unknown; description?: unknown }>();
  for (const column of columns) {
    if (typeof column === 'object' && column !== null && typeof (column as { path?: unknown }).path === 'string') {
      byPath.set((column as { path: string }).path, column as { name?: unknown; description?: unknown });
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const suggestion = byPath.get(header.path);
    const suggested = typeof suggestion?.name === 'string' ? suggestion.name.replace(/\s+/g, ' ').trim() : '';
    let name = suggested.length > 0 && suggested.length <= MAX_NAME && !taken.has(suggested) ? suggested : header.name;
    for (let n = 2; taken.has(name); n++) name = `${header.name} (${n})`;
    taken.add(name);
    const refined: SmartHeader = { path: header.path, name };
    const description = suggestion?.description;
    if (typeof description === 'string' && description.trim() !== '') {
      refined.description = description.replace(/\s+/g, ' ').trim().slice(0, MAX_DESCRIPTION);
    }
    return refined;
  });
}

/**
 * Asks an OpenAI-compatible model to refine the built-in column names and describe each column in one
 * line. Never throws: on a timeout, an HTTP error or an answer that is not the JSON asked for, the
 * built-in names stand and `error` says why. Callers run it beside a conversion, never before it.
 */
export async function refineColumnNames(
  headers: readonly SmartHeader[],
  settings: LlmSettings,
  samples: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<RefinedNames> {
  const builtIn = headers.map((header) => ({ ...header }));
  if (headers.length === 0) return { headers: builtIn, refined: false, error: 'no columns' };
  try {
    const response = await fetch(chatCompletionsUrl(settings.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        messages: [
          { role: 'system', content: 'You name spreadsheet columns. You answer with JSON only.' },
          { role: 'user', content: prompt(headers, samples) },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the model endpoint answered HTTP ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the answer has no message content');
    return { headers: merge(headers, parseAnswer(content)), refined: true };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut
      ? 'the model did not answer in time'
      : error instanceof Error
        ? error.message
        : String(error);
    return { headers: builtIn, refined: false, error: reason };
  }
}
