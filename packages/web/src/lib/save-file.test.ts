import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { downloadStored } from './save-file';
import { endSession, startSession } from './session-store';
import { unsignedAccessToken } from './test-support/access-token';

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('downloadStored', () => {
  it('asks for a ticket with the bearer token, then has the browser follow the ticketed link', async () => {
    const token = unsignedAccessToken({ sub: 'u1' });
    startSession(token);
    const requests: Array<{ path: string; init: RequestInit }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        requests.push({ path, init });
        return json(200, {
          url: '/api/files/download/f1?variant=original&ticket=t.k.n',
          expires_at: '2026-01-01T00:01:00Z',
        });
      }),
    );
    const followed: Array<{ href: string; download: string; attached: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.getAttribute('href') ?? '', download: this.download, attached: this.isConnected });
    });

    await downloadStored('/api/files/download/f1?variant=original', 'people.json', 'Failed to download');

    expect(requests.map((request) => request.path)).toEqual(['/api/auth/download-ticket']);
    const init: RequestInit = requests[0]?.init ?? {};
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ url: '/api/files/download/f1?variant=original' });
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(followed).toEqual([
      { href: '/api/files/download/f1?variant=original&ticket=t.k.n', download: 'people.json', attached: true },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('follows nothing when the ticket is refused, and says why', async () => {
    startSession(unsignedAccessToken({ sub: 'u1' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { detail: 'Account disabled', code: 'FORBIDDEN' })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const refused = downloadStored('/api/batch/download/j1', 'batch.zip', 'Failed to download');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ message: 'Account disabled' });
    expect(click).not.toHaveBeenCalled();
  });
});
