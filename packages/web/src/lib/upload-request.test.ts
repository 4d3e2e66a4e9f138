import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_TEXT } from './api-error';
import { endSession, getSession, startSession } from './session-store';
import { unsignedAccessToken } from './test-support/access-token';
import { fakeXhrClass, type XhrCall, type XhrReply } from './test-support/fake-xhr';
import { uploadWithProgress } from './upload-request';

const OLD = unsignedAccessToken({ sub: 'old' });
const NEW = unsignedAccessToken({ sub: 'new' });
let replies: XhrReply[];
let calls: XhrCall[];
let refreshes: number;

const upload = (signal?: AbortSignal) =>
  uploadWithProgress('/api/convert/file', new FormData(), {
    fallbackError: 'File conversion failed',
    onProgress: vi.fn(),
    signal,
  });

beforeEach(() => {
  replies = [];
  calls = [];
  refreshes = 0;
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(replies, calls));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      refreshes += 1;
      return new Response(JSON.stringify({ success: true, tokens: { access_token: NEW } }), { status: 200 });
    }),
  );
});

afterEach(() => {
  endSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('uploadWithProgress', () => {
  it('sends the bearer token, reports progress and resolves with the answer', async () => {
    startSession(OLD);
    replies.push({ status: 201, body: '{"file_id":"f1"}' });
    const onProgress = vi.fn();
    const text = await uploadWithProgress('/api/convert/file', new FormData(), {
      fallbackError: 'failed',
      onProgress,
    });
    expect(text).toBe('{"file_id":"f1"}');
    expect(calls).toEqual([{ path: '/api/convert/file', authorization: `Bearer ${OLD}` }]);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 10, total: 10 });
  });

  it('renews the token on a 401 and uploads again with the new one', async () => {
    startSession(OLD);
    replies.push({ status: 401, body: '{"detail":"Session expired","code":"SESSION_EXPIRED"}' });
    replies.push({ status: 201, body: '{"file_id":"f2"}' });
    expect(await upload()).toBe('{"file_id":"f2"}');
    expect(refreshes).toBe(1);
    expect(calls.map((call) => call.authorization)).toEqual([`Bearer ${OLD}`, `Bearer ${NEW}`]);
    expect(getSession()?.token).toBe(NEW);
  });

  it("rejects with the server's detail and code, or the fallback when the body has none", async () => {
    replies.push({ status: 413, body: '{"detail":"File too large","code":"FILE_TOO_LARGE"}' });
    await expect(upload()).rejects.toMatchObject({ status: 413, message: 'File too large', code: 'FILE_TOO_LARGE' });
    replies.push({ status: 500, body: 'Internal Server Error' });
    await expect(upload()).rejects.toMatchObject({ status: 500, message: 'File conversion failed', code: 'UNKNOWN' });
    expect(refreshes).toBe(0);
  });

  it('reports a network failure, and a cancelled upload as an AbortError', async () => {
    replies.push('network-error');
    await expect(upload()).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_TEXT, code: 'NETWORK' });
    replies.push('hang');
    const controller = new AbortController();
    const pending = upload(controller.signal);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
