import type { Multipart } from '@fastify/multipart';
import { CONVERSION_TEXTS } from '@unnest/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, unknownFieldText } from './errors.js';
import { UPLOAD_CUT_SHORT_TEXT } from './request-body.js';

/** What a field of a form takes where no option is long (busboy cuts a longer value; formParts refuses it). */
const FIELD_BYTES = 1024;

/**
 * The multipart plugin's options for a form of fields and one file: the service counts the file's bytes
 * against the plan, so busboy's own limits only bound the form (its fields, at most `fieldBytes` each).
 */
export function fileFormOptions(fieldBytes = FIELD_BYTES) {
  return {
    limits: { files: 1, fields: 10, fieldSize: fieldBytes, parts: 11, fileSize: Number.MAX_SAFE_INTEGER },
    throwFileSizeLimit: false,
  };
}

/** One part of a multipart form, in the order it came: an option field or a file. */
export type FormPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; field: string; filename: string; body: AsyncIterable<Uint8Array> };

/** The texts of a form's refusals (the form's shape, not its options' values). */
export const FORM_TEXTS = {
  fieldAfterFile: (name: string) =>
    `The field "${name}" came after the file; send every field before the file part (options are read before the file is).`,
  repeatedField: (name: string) => `The field "${name}" is given twice; give each option once.`,
  fieldTooLong: (name: string, bytes: number) =>
    `The field "${name}" is longer than the ${bytes.toLocaleString('en-US')} bytes a field may hold.`,
  oneFile: 'The form holds more than one file; send one file part, named "file".',
  fileNamed: (name: string, expected: string) =>
    `The form sends a file as "${name}"; files go in "${expected}" parts and options in fields (with curl, -F "${name}=<path" sends a file's text as a field, -F "${name}=@path" as a file).`,
  tooManyParts: 'The form holds more parts than this endpoint reads: its option fields and one file.',
} as const;

/** The multipart plugin's errors about the form's shape, by their codes (its public API). */
const FORM_ERROR_TEXTS: Readonly<Record<string, string>> = {
  FST_FILES_LIMIT: FORM_TEXTS.oneFile,
  FST_PARTS_LIMIT: FORM_TEXTS.tooManyParts,
  FST_FIELDS_LIMIT: FORM_TEXTS.tooManyParts,
  FST_PROTO_VIOLATION: 'A field name of the form is not allowed.',
  FST_INVALID_JSON_FIELD_ERROR: 'A field sent as application/json is not valid JSON.',
};

/** Busboy's refusal of a Content-Type without a usable boundary (it has no code). */
const NO_BOUNDARY = /boundary|needle/i;

function formError(error: unknown, cutShort: string): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const known = typeof code === 'string' ? FORM_ERROR_TEXTS[code] : undefined;
  if (known !== undefined) return new AppError('VALIDATION_FAILED', { detail: known, cause: error });
  if (typeof message === 'string' && NO_BOUNDARY.test(message)) {
    const detail =
      'The form’s Content-Type names no usable boundary: send multipart/form-data; boundary=... as curl -F does.';
    return new AppError('VALIDATION_FAILED', { detail, cause: error });
  }
  // A broken connection or a cut multipart body is the client's fault (400), not the server's.
  return new AppError('BAD_REQUEST', { detail: cutShort, cause: error });
}

/** A field's text: as sent, or, for a field sent as application/json (which the plugin parses), its JSON. */
function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Reads a multipart form in order. Options are resolved before a file is read, so a field after a
 * file would be ignored: it is refused instead (the plugin would only have added it to an object
 * already read), as are a field given twice and one cut at the plugin's `fieldSize`.
 */
export async function* formParts(
  request: FastifyRequest,
  limits: { fieldBytes: number; cutShort: string },
): AsyncGenerator<FormPart> {
  let sawFile = false;
  const names = new Set<string>();
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'file') {
        sawFile = true;
        yield { kind: 'file', field: part.fieldname, filename: part.filename, body: part.file };
        continue;
      }
      const name = part.fieldname;
      if (sawFile) throw new AppError('VALIDATION_FAILED', { detail: FORM_TEXTS.fieldAfterFile(name) });
      if (names.has(name)) throw new AppError('VALIDATION_FAILED', { detail: FORM_TEXTS.repeatedField(name) });
      if (part.valueTruncated) {
        throw new AppError('VALIDATION_FAILED', { detail: FORM_TEXTS.fieldTooLong(name, limits.fieldBytes) });
      }
      names.add(name);
      yield { kind: 'field', name, value: fieldText(part.value) };
    }
  } catch (error) {
    throw formError(error, limits.cutShort);
  }
}

/** A form of option fields and one file named `file`; its body ends only once the whole form has. */
export interface FileForm {
  fields: ReadonlyArray<{ name: string; value: string }>;
  filename: string;
  body: AsyncIterable<Uint8Array>;
}

/** The file's bytes, then the form's end: anything after the file is refused before the bytes are done. */
async function* thenFormEnds(body: AsyncIterable<Uint8Array>, rest: AsyncGenerator<FormPart>) {
  yield* body;
  // A field after the file is refused by formParts itself; another file, by the plugin's limit or here.
  const after = await rest.next();
  if (!after.done) throw new AppError('VALIDATION_FAILED', { detail: FORM_TEXTS.oneFile });
}

/**
 * The fields before the file and the file (the part named `file`). Its body throws, as its last step,
 * when anything follows the file, so that a conversion reading it fails before it keeps its result.
 */
export async function fileForm(request: FastifyRequest, fieldBytes: number): Promise<FileForm> {
  const parts = formParts(request, { fieldBytes, cutShort: UPLOAD_CUT_SHORT_TEXT });
  const fields: Array<{ name: string; value: string }> = [];
  for (;;) {
    const next = await parts.next();
    if (next.done) throw new AppError('VALIDATION_FAILED', { detail: CONVERSION_TEXTS.noFile });
    const part = next.value;
    if (part.kind === 'field') {
      fields.push({ name: part.name, value: part.value });
      continue;
    }
    if (part.field !== 'file') {
      const detail = `${CONVERSION_TEXTS.noFile}. ${FORM_TEXTS.fileNamed(part.field, 'file')}`;
      throw new AppError('VALIDATION_FAILED', { detail });
    }
    return { fields, filename: part.filename, body: thenFormEnds(part.body, parts) };
  }
}

/** A form of one file and no field (an endpoint whose options, if it has any, are its query string's). */
export async function fileOnlyForm(request: FastifyRequest): Promise<Omit<FileForm, 'fields'>> {
  const { fields, ...file } = await fileForm(request, FIELD_BYTES);
  const [field] = fields;
  if (field) throw new AppError('VALIDATION_FAILED', { detail: unknownFieldText(field.name, ['file']) });
  return file;
}
