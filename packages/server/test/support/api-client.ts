import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { runAdminCommand } from '../../src/admin/command.js';
import { AccessTokens } from '../../src/auth/access-tokens.js';
import { users } from '../../src/db/schema.js';
import { createConfirmedUser, JWT_SECRET, post, type TestApp, uniqueEmail } from './test-app.js';

/** A signed-in test account: its id and bearer header. */
export interface TestUser {
  id: string;
  email: string;
  auth: { authorization: string };
}

/** Creates, confirms and signs in a new account. */
export async function signedInUser(t: TestApp, label: string, password = 'correct horse'): Promise<TestUser> {
  const email = uniqueEmail(label);
  await createConfirmedUser(t, email, password);
  const login = await post(t.app, '/api/auth/login', { email, password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const body = login.json();
  return { id: body.user.user_id, email, auth: { authorization: `Bearer ${body.tokens.access_token}` } };
}

/** A new account on the Professional plan, granted as an operator does (the admin command), signed in after. */
export async function professionalUser(t: TestApp, label: string): Promise<TestUser> {
  const user = await signedInUser(t, label);
  await runAdminCommand(['grant', user.email, 'professional'], t.auth, t.payments);
  return signedInAgain(t, user);
}

/** The same account signed in again (after the fake clock has outrun its access token). */
export async function signedInAgain(t: TestApp, user: TestUser, password = 'correct horse'): Promise<TestUser> {
  const login = await post(t.app, '/api/auth/login', { email: user.email, password });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { ...user, auth: { authorization: `Bearer ${login.json().tokens.access_token}` } };
}

/** One part of a multipart form: a field (its content type when given) or a file. */
export type FormPartSpec =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; content: string | Buffer };

/** A multipart/form-data body of these parts, in this order. */
export function formBody(parts: readonly FormPartSpec[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----unnest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${type}\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body: option fields first, then the file. */
export function multipartBody(
  file: { name: string; content: string | Buffer; field?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  return formBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: file.field ?? 'file', filename: file.name, content: file.content },
  ]);
}

/** Uploads a file through POST /api/convert/file. */
export function uploadFile(
  app: FastifyInstance,
  user: TestUser,
  file: { name: string; content: string | Buffer; field?: string },
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(file, fields);
  return app.inject({ method: 'POST', url: '/api/convert/file', payload, headers: { ...headers, ...user.auth } });
}

/** An authenticated request. */
export function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: string | object | Buffer; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
    headers: { ...user.auth, ...options.headers },
  });
}

/** Accounts created straight in the database with a signed token (the race needs many, fast). */
export async function manyUsers(t: TestApp, count: number): Promise<TestUser[]> {
  const tokens = new AccessTokens(new TextEncoder().encode(JWT_SECRET));
  const now = t.clock.now();
  const rows = await t.database.handle.db
    .insert(users)
    .values(
      Array.from({ length: count }, () => ({
        email: uniqueEmail('many'),
        passwordHash: 'unused',
        emailConfirmedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  return Promise.all(
    rows.map(async (row) => {
      const token = await tokens.sign(
        { sub: row.id, email: row.email, groups: [], is_premium: false, plan: 'free' },
        row.sessionEpoch,
        now,
      );
      return { id: row.id, email: row.email, auth: { authorization: `Bearer ${token}` } };
    }),
  );
}
