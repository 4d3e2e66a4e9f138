import type { FastifyInstance } from 'fastify';

/**
 * Makes the routes of this plugin receive the request body as the raw stream, whatever its content
 * type: JSON to convert must reach the engine byte for byte (JSON.parse would round big numbers) and
 * without being held whole in memory. Each route counts the bytes itself.
 */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/** The Content-Length a request announced, if any (a hint for early refusal, never trusted). */
export function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Number(header);
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
