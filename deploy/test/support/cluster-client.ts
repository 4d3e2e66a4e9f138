import { setTimeout as sleep } from 'node:timers/promises';
import type { SmtpInbox } from '../../../packages/server/test/support/smtp-inbox.js';

/** Answers that mean "the process behind nginx went away": the client sends the request again. */
const CUT = new Set([502, 503, 504]);
const RETRY_FOR_MS = 60_000;

/** A signed-in account of the cluster test. */
export interface Account {
  email: string;
  password: string;
  authorization: string;
}

/** A multipart body of POST /api/convert/file, split where a held upload pauses. */
export interface Upload {
  contentType: string;
  head: Uint8Array;
  tail: Uint8Array;
}

/** The upload of one JSON file; a held upload sends `json`'s first `pauseAt` characters, then waits. */
export function jsonUpload(name: string, json: string, pauseAt: number): Upload {
  const boundary = `----unnest-cluster-${Math.random().toString(16).slice(2)}`;
  const preamble = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(preamble + json.slice(0, pauseAt)),
    tail: Buffer.from(`${json.slice(pauseAt)}\r\n--${boundary}--\r\n`),
  };
}

/** An answer read to its end. */
interface Answer {
  status: number;
  text: string;
}

/**
 * The client side of the cluster test: every request goes through nginx, and a request cut by a
 * killed process (a network error, or nginx's 502/503/504) is sent again, as a real client would.
 */
export class ClusterClient {
  /** Requests sent again because a killed process cut them. */
  retries = 0;

  constructor(readonly url: string) {}

  /** Sends `request()` until an answer other than a cut comes back. */
  async send(what: string, request: () => Promise<Response>): Promise<Answer> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      let failure: string;
      try {
        const response = await request();
        // Read to the end here: a download cut midway is retried like a refused request.
        const answer = { status: response.status, text: await response.text() };
        if (!CUT.has(answer.status)) return answer;
        failure = `HTTP ${answer.status}`;
      } catch (error) {
        failure = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
      }
      if (Date.now() > deadline) throw new Error(`${what}: still failing after ${RETRY_FOR_MS} ms (${failure})`);
      this.retries++;
      await sleep(200);
    }
  }

  /** JSON in, JSON out; fails on any status but `expected`. */
  async json(
    method: string,
    path: string,
    body: object | undefined,
    authorization?: string,
    expected = 200,
  ): Promise<Record<string, unknown>> {
    const response = await this.send(`${method} ${path}`, () =>
      fetch(`${this.url}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(authorization ? { authorization } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    if (response.status !== expected) throw new Error(`${method} ${path}: HTTP ${response.status} ${response.text}`);
    return JSON.parse(response.text) as Record<string, unknown>;
  }

  /** Signs up, confirms with the code e-mailed to `inbox`, and signs in. */
  async signUp(inbox: SmtpInbox, email: string, password: string): Promise<Account> {
    await this.json('POST', '/api/auth/signup', { email, password }, undefined, 201);
    const mail = await inbox.next(email, 30_000);
    if (!mail.code) throw new Error(`no code in the mail to ${email}`);
    await this.json('POST', '/api/auth/confirm-signup', { email, confirmation_code: mail.code });
    return this.signIn(email, password);
  }

  async signIn(email: string, password: string): Promise<Account> {
    const body = await this.json('POST', '/api/auth/login', { email, password });
    const tokens = body.tokens as { access_token: string };
    return { email, password, authorization: `Bearer ${tokens.access_token}` };
  }

  /**
   * Uploads a file and answers its id. With `hold`, the first attempt sends the head of the body and
   * waits for `hold` before the rest (so a process can be killed mid-upload); retries send it whole.
   */
  async convert(account: Account, upload: Upload, hold?: Promise<void>): Promise<string> {
    let first = true;
    const response = await this.send('upload', () => {
      const held = first ? hold : undefined;
      first = false;
      const body = held
        ? new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(upload.head);
              await held;
              controller.enqueue(upload.tail);
              controller.close();
            },
          })
        : Buffer.concat([upload.head, upload.tail]);
      return fetch(`${this.url}/api/convert/file`, {
        method: 'POST',
        headers: { authorization: account.authorization, 'content-type': upload.contentType },
        body,
        duplex: 'half',
      } as RequestInit);
    });
    if (response.status !== 200) throw new Error(`upload: HTTP ${response.status} ${response.text}`);
    return (JSON.parse(response.text) as { file_id: string }).file_id;
  }

  /** The converted file's bytes, as text. */
  async download(account: Account, fileId: string): Promise<string> {
    const response = await this.send('download', () =>
      fetch(`${this.url}/api/files/download/${fileId}`, { headers: { authorization: account.authorization } }),
    );
    if (response.status !== 200) throw new Error(`download ${fileId}: HTTP ${response.status} ${response.text}`);
    return response.text;
  }
}
