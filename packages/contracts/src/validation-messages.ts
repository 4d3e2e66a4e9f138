/**
 * Request schemas carry the spec's validation texts in an `x-messages` annotation, keyed by the
 * JSON-schema keyword that failed. The server answers a failed check with that text; the web app
 * can show the same text before sending. An empty string counts as missing (`required`).
 */
export type ValidationKeyword = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'type';

/** Name of the schema annotation holding the messages. */
export const VALIDATION_MESSAGES_KEY = 'x-messages';

/** Schema options attaching validation messages to a field or object. */
export function withMessages(messages: Partial<Record<ValidationKeyword, string>>): {
  [VALIDATION_MESSAGES_KEY]: Partial<Record<ValidationKeyword, string>>;
} {
  return { [VALIDATION_MESSAGES_KEY]: messages };
}

/**
 * Name of a schema annotation requiring a number to be finite. Ajv coerces the query text 'Infinity'
 * (and '1e400') to Infinity, which passes its integer check and skips minimum and maximum; the server
 * registers this keyword so such a value fails like any other out-of-range one.
 */
export const FINITE_NUMBER_KEY = 'x-finite';
