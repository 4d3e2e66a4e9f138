import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * Makes the routes of this plugin receive the request body as the raw stream, whatever its content
 * type: JSON to convert must reach the engine byte for byte (JSON.parse would round big numbers) and
 * without being held whole in memory. Each route counts the bytes itself.
 */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/** Bytes a route hands over (to convert or to store): a multipart file or a raw request body. */
export interface Upload {
  filename: string;
  body: AsyncIterable<Uint8Array>;
  /** What the client announced (Content-Length); checked early, never trusted. */
  declaredBytes: number | undefined;
}

/** The Content-Length a request announced, if any (a hint for early refusal, never trusted). */
export function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Number(header);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** What a client is told when its upload's connection broke or its form was cut short. */
export const UPLOAD_CUT_SHORT_TEXT = 'The upload ended before the whole file arrived.';

/**
 * An upload whose connection broke or whose multipart body was cut short is the client's fault (400),
 * not the server's; the stream's own error stays as the cause for the log.
 */
export function uploadCutShort(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return new AppError('BAD_REQUEST', { detail: UPLOAD_CUT_SHORT_TEXT, cause: error });
}

/** The upload stream, with a cut connection said as the upload ending early. */
export async function* incomplete(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* source;
  } catch (error) {
    throw uploadCutShort(error);
  }
}
