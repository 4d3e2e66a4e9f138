import type { BatchJob, DownloadTicketResponse } from '@unnest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInAgain, signedInUser, type TestUser, uploadFile } from './support/api-client.js';
import { finalJob, startBatch } from './support/batch-client.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let fileId: string;
let otherFileId: string;

const people = '[{"name":"Ada","born":1815},{"name":"Grace","born":1906}]';

async function ticketFor(user: TestUser, url: string): Promise<DownloadTicketResponse> {
  const answer = await call(t.app, user, 'POST', '/api/auth/download-ticket', { payload: { url } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DownloadTicketResponse;
}

/** A GET with no Authorization header: the ticket in the URL is the only credential. */
const follow = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await startTestApp({ env: { WORKERS: '1' } });
  owner = await signedInUser(t, 'ticket-owner');
  stranger = await signedInUser(t, 'ticket-stranger');
  await t.auth.setPlan(owner.email, 'professional');
  for (const name of ['people.json', 'other.json']) {
    const converted = await uploadFile(t.app, owner, { name, content: people });
    expect(converted.statusCode, converted.body).toBe(200);
    if (name === 'people.json') fileId = converted.json().file_id;
    else otherFileId = converted.json().file_id;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('download tickets', () => {
  it('download a stored file as a plain link, the same bytes and headers as with the bearer token', async () => {
    const path = `/api/files/download/${fileId}`;
    const ticket = await ticketFor(owner, path);
    expect(ticket.url).toMatch(new RegExp(`^${path}\\?ticket=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(Date.parse(ticket.expires_at) - t.clock.now().getTime()).toBe(60_000);
    const withTicket = await follow(ticket.url);
    const withToken = await call(t.app, owner, 'GET', path);
    expect(withTicket.statusCode, withTicket.body).toBe(200);
    expect(withTicket.rawPayload.equals(withToken.rawPayload)).toBe(true);
    expect(withTicket.headers['content-disposition']).toBe(withToken.headers['content-disposition']);
    // Within its minute the same link may be followed again (a retried download).
    expect((await follow(ticket.url)).statusCode).toBe(200);
  });

  it("keep the URL's query: the original upload downloads with variant=original", async () => {
    const ticket = await ticketFor(owner, `/api/files/download/${fileId}?variant=original`);
    expect(ticket.url).toMatch(/\?variant=original&ticket=/);
    const answer = await follow(ticket.url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe(people);
  });

  it('download a batch ZIP and one of its files', async () => {
    const started = await startBatch(t.app, owner, [{ name: 'people.json', content: people }]);
    const job: BatchJob = await finalJob(t.app, owner, (started.json() as BatchJob).job_id);
    const file = job.files[0];
    expect(file?.download_url).toBeTruthy();
    for (const url of [job.download_url, file?.download_url as string]) {
      const answer = await follow((await ticketFor(owner, url)).url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      expect(answer.rawPayload.equals((await call(t.app, owner, 'GET', url)).rawPayload)).toBe(true);
    }
  });

  it('are refused on another path, after their minute, as a bearer token, and where no route takes them', async () => {
    const ticket = await ticketFor(owner, `/api/files/download/${fileId}`);
    const token = new URL(ticket.url, 'http://x').searchParams.get('ticket') as string;

    const elsewhere = await follow(`/api/files/download/${otherFileId}?ticket=${token}`);
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'This download link is for another file',
    });

    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/api/files',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    const onOtherRoute = await follow(`/api/files?ticket=${token}`);
    expect(onOtherRoute.statusCode).toBe(401);
    // Nor is an access token a ticket.
    const accessToken = owner.auth.authorization.slice('Bearer '.length);
    expect((await follow(`/api/files/download/${fileId}?ticket=${accessToken}`)).statusCode).toBe(401);

    t.clock.advance(61_000);
    const late = await follow(ticket.url);
    expect(late.statusCode).toBe(401);
    expect(late.json().detail).toBe('The download link has expired: start the download again');
    owner = await signedInAgain(t, owner);
  });

  it("give no access to another account's file, and end with the session that asked for them", async () => {
    const foreign = await follow((await ticketFor(stranger, `/api/files/download/${fileId}`)).url);
    expect(foreign.statusCode).toBe(404);

    const ticket = await ticketFor(owner, `/api/files/download/${fileId}`);
    expect((await call(t.app, owner, 'POST', '/api/auth/logout-everywhere')).statusCode).toBe(200);
    const ended = await follow(ticket.url);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().detail).toBe('This session was ended. Please sign in again.');
    owner = await signedInAgain(t, owner);
  });

  it('are given only to a signed-in session, for an API path', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/download-ticket',
      payload: { url: `/api/files/download/${fileId}` },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const url of [
      'https://elsewhere.example/x',
      '/assets/app.js',
      '/api/files/download/x y',
      `/api/${'a'.repeat(2048)}`,
    ]) {
      const refused = await call(t.app, owner, 'POST', '/api/auth/download-ticket', { payload: { url } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toEqual({
        code: 'VALIDATION_FAILED',
        detail: 'url must be a download URL of the API, starting with /api/ (at most 2,048 characters)',
      });
    }
  });

  it('appear in the log only as [redacted]', async () => {
    const ticket = await ticketFor(owner, `/api/files/download/${fileId}`);
    await follow(ticket.url);
    const token = new URL(ticket.url, 'http://x').searchParams.get('ticket') as string;
    expect(t.logs.some((line) => line.includes(token))).toBe(false);
    expect(t.logs.some((line) => line.includes(`/api/files/download/${fileId}?ticket=[redacted]`))).toBe(true);
  });
});
