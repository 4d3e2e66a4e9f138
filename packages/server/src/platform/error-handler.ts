import { ERROR_MESSAGES, type ErrorBody, type ErrorCode, VALIDATION_MESSAGES_KEY } from '@unnest/contracts';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError, ERROR_STATUS, type ErrorFacts, infrastructureFailure, unknownFieldText } from './errors.js';

/** The parts of an Ajv error (verbose mode) that pick the message. */
interface SchemaViolation {
  keyword: string;
  instancePath?: string;
  params?: { allowedValue?: unknown; allowedValues?: unknown[]; additionalProperty?: string };
  data?: unknown;
  parentSchema?: Record<string, unknown>;
}

/**
 * For a field that takes one of a few values (`types=bogus`), the values it takes: Ajv reports each
 * alternative of the field's `anyOf` as a failed `const` (or one `enum`) at the same path.
 */
function choicesDetail(violations: readonly SchemaViolation[]): string | undefined {
  const path = violations[0]?.instancePath;
  if (!path) return undefined;
  const allowed = new Set<string>();
  for (const violation of violations) {
    if (violation.instancePath !== path) continue;
    if (violation.keyword === 'const') allowed.add(String(violation.params?.allowedValue));
    else if (violation.keyword === 'enum')
      for (const value of violation.params?.allowedValues ?? []) allowed.add(String(value));
  }
  if (allowed.size === 0) return undefined;
  return `${path.slice(path.lastIndexOf('/') + 1)} must be one of: ${[...allowed].join(', ')}`;
}

/** A field the schema does not name (a misspelt option, say). */
function unknownFieldDetail(violation: SchemaViolation): string {
  const known = Object.keys((violation.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
  return unknownFieldText(violation.params?.additionalProperty ?? '', known);
}

/**
 * The spec's text for a failed schema check: the `x-messages` annotation of the schema that failed,
 * for the keyword that failed. An empty string fails `minLength`, but to a user it is missing.
 */
function validationDetail(violations: readonly SchemaViolation[]): string {
  const violation = violations[0];
  if (!violation) return ERROR_MESSAGES.VALIDATION_FAILED;
  if (violation.keyword === 'additionalProperties') return unknownFieldDetail(violation);
  const messages = violation.parentSchema?.[VALIDATION_MESSAGES_KEY] as Record<string, string> | undefined;
  const keyword = violation.data === '' && violation.keyword !== 'required' ? 'required' : violation.keyword;
  return messages?.[keyword] ?? messages?.required ?? choicesDetail(violations) ?? ERROR_MESSAGES.VALIDATION_FAILED;
}

function send(
  reply: FastifyReply,
  code: ErrorCode,
  detail: string,
  retryAfterSeconds?: number,
  facts?: ErrorFacts,
): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  const body: ErrorBody = { detail, code, ...facts };
  return reply.status(ERROR_STATUS[code]).send(body);
}

/** Installs the one error handler and the not-found handler: every failure becomes `{detail, code}`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, error.code, error.message, error.retryAfterSeconds, error.facts);
    }
    if (error.validation) {
      return send(reply, 'VALIDATION_FAILED', validationDetail(error.validation as SchemaViolation[]));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, 'PAYLOAD_TOO_LARGE', ERROR_MESSAGES.PAYLOAD_TOO_LARGE);
    if (status === 429) return send(reply, 'RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED);
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type) are safe to describe.
      return send(reply, 'BAD_REQUEST', error.message || ERROR_MESSAGES.BAD_REQUEST);
    }
    // A full disk or an unreachable database: the client gets a clear status, the operator the full error.
    const outage = infrastructureFailure(error);
    if (outage) {
      request.log.error({ err: error }, `request failed: ${outage.code}`);
      return send(reply, outage.code, outage.message, outage.retryAfterSeconds);
    }
    // Everything else is a bug: log it in full, tell the client nothing internal.
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL', ERROR_MESSAGES.INTERNAL);
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
  );
}
