import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/** The logger type every module takes (pino's, as Fastify sees it). */
export type Logger = FastifyBaseLogger;

// Never log secrets: credentials in headers, and any body or object field that carries one.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.code',
  '*.confirmation_code',
  '*.access_token',
  '*.refresh_token',
  '*.token',
  'password',
  'code',
  'token',
];

/** Creates the process logger: JSON lines on stdout, or to `destination` (tests read it). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, destination);
}
