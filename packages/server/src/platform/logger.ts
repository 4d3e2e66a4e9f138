import { API_KEY_PREFIX } from '@unnest/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { RecentErrors } from './recent-errors.js';

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

/**
 * Query parameters that carry a credential: the download ticket (see route-access.ts), and the names a
 * program may wrongly send an API key or token under (`?api_key=` is refused, but still logged).
 */
const CREDENTIAL_PARAMETERS = /([?&](?:ticket|api_key|apikey|api-key|key|access_token|token)=)[^&#]*/gi;
/** An API key (`unn_...`) wherever else in a URL it is written. */
const API_KEY_TEXT = new RegExp(`${API_KEY_PREFIX}[A-Za-z0-9_-]+`, 'g');

/** A URL as logged: credentials in its query, and API keys anywhere in it, are hidden. */
function loggedUrl(url: string): string {
  return url.replace(CREDENTIAL_PARAMETERS, '$1[redacted]').replace(API_KEY_TEXT, '[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the URL as `loggedUrl` gives it. */
function requestFields(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Creates the process logger: JSON lines on stdout, or to `destination` (tests read it). With
 * `recentErrors`, every written line (redacted) is also shown to it, which keeps the error ones.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, recentErrors?: RecentErrors): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, serializers: { req: requestFields } };
  if (!recentErrors) return pino(options, destination);
  const out = destination ?? pino.destination({ dest: 1, sync: true });
  return pino(options, {
    write(line: string) {
      out.write(line);
      recentErrors.observe(line);
    },
  });
}
