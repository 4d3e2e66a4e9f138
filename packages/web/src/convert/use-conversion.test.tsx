import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { CONVERSION_TEXTS, DEFAULT_SETTINGS } from '@unnest/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { choicesFromSettings } from '../components/conversion-options';
import { NETWORK_ERROR_TEXT } from '../lib/api-error';
import { createQueryClient } from '../lib/query-client';
import { fakeXhrClass, type XhrCall, type XhrReply } from '../lib/test-support/fake-xhr';
import type { ConversionRequest } from './run-conversion';
import { useConversion } from './use-conversion';

let answer: () => Response | Promise<Response>;
let xhrReplies: XhrReply[];
let xhrCalls: XhrCall[];

function renderConversion() {
  const queryClient = createQueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useConversion(), { wrapper }), invalidated };
}

const jsonText = (text: string): ConversionRequest => ({
  input: 'text',
  text,
  mode: 'json-to-csv',
  choices: choicesFromSettings(DEFAULT_SETTINGS, 'json-to-csv'),
});
const csvText = (text: string): ConversionRequest => ({
  input: 'text',
  text,
  mode: 'csv-to-json',
  choices: choicesFromSettings(DEFAULT_SETTINGS, 'csv-to-json'),
});
const jsonFile = (): ConversionRequest => ({
  input: 'file',
  file: new File(['[{"a":1}]'], 'data.json', { type: 'application/json' }),
  mode: 'json-to-csv',
  choices: choicesFromSettings(DEFAULT_SETTINGS, 'json-to-csv'),
});

beforeEach(() => {
  xhrReplies = [];
  xhrCalls = [];
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(xhrReplies, xhrCalls));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("the converter's error paths", () => {
  it("shows the server's detail and still refreshes the history", async () => {
    answer = () => new Response('{"detail":"Invalid JSON at byte 3","code":"CONVERSION_FAILED"}', { status: 422 });
    const { result, invalidated } = renderConversion();
    act(() => result.current.convert(jsonText('[{"a":')));
    await waitFor(() => expect(result.current.errorMessage).toBe('Invalid JSON at byte 3'));
    expect(result.current.outcome).toBeNull();
    expect(result.current.busy).toBe(false);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['audit'] });
    expect(invalidated).not.toHaveBeenCalledWith({ queryKey: ['files'] });
  });

  it('falls back to the text of the conversion kind when the server says nothing useful', async () => {
    answer = () => new Response('Bad gateway', { status: 502 });
    const { result } = renderConversion();
    act(() => result.current.convert(jsonText('[]')));
    await waitFor(() => expect(result.current.errorMessage).toBe(CONVERSION_TEXTS.failedToConvertFile));
    act(() => result.current.convert(csvText('a\n1')));
    await waitFor(() => expect(result.current.errorMessage).toBe(CONVERSION_TEXTS.csvToJsonFailed));
  });

  it('reports a CSV answer without its data as a failed conversion', async () => {
    answer = () => new Response('{"success":true}', { status: 200 });
    const { result } = renderConversion();
    act(() => result.current.convert(csvText('a\n1')));
    await waitFor(() => expect(result.current.errorMessage).toBe(CONVERSION_TEXTS.csvToJsonFailed));
  });

  it('reports an unreachable server as a network error', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const { result } = renderConversion();
    act(() => result.current.convert(jsonText('[]')));
    await waitFor(() => expect(result.current.errorMessage).toBe(NETWORK_ERROR_TEXT));
  });

  it("shows a failed upload's detail, or the file fallback", async () => {
    xhrReplies.push({ status: 413, body: '{"detail":"File too large for your plan","code":"FILE_TOO_LARGE"}' });
    xhrReplies.push({ status: 500, body: '' });
    const { result } = renderConversion();
    act(() => result.current.convert(jsonFile()));
    await waitFor(() => expect(result.current.errorMessage).toBe('File too large for your plan'));
    act(() => result.current.convert(jsonFile()));
    await waitFor(() => expect(result.current.errorMessage).toBe(CONVERSION_TEXTS.fileConversionFailed));
    expect(xhrCalls).toHaveLength(2);
  });

  it('reports nothing when the user cancels the upload, and is ready again', async () => {
    xhrReplies.push('hang');
    const { result } = renderConversion();
    act(() => result.current.convert(jsonFile()));
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 0, total: 9 }));
    await waitFor(() => expect(xhrCalls).toHaveLength(1));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.errorMessage).toBeNull();
    expect(result.current.progress).toBeNull();
  });
});
