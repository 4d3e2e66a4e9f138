import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AsyncConversionAccepted,
  CONVERSION_TEXTS,
  ConversionOptionFields,
  ConversionResult,
  CSV_TO_JSON_MAX_BYTES,
  CsvToJsonBody,
  CsvToJsonResponse,
  ErrorBody,
  FileConversionQuery,
  MAX_PLAN_TEXT_BYTES,
  QuickConvertQuery,
  TextConversionQuery,
} from '@unnest/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../platform/client-address.js';
import { contentTypeFor } from '../platform/content-types.js';
import { AppError } from '../platform/errors.js';
import { cleanFilename } from '../platform/file-names.js';
import type { InFlightConversions } from '../platform/in-flight.js';
import { setRateLimitHeaders } from '../platform/rate-limit-headers.js';
import { acceptRawBodies, declaredLength } from '../platform/request-body.js';
import { fileForm, fileFormOptions } from '../platform/upload-form.js';
import { isOptionName, type OptionFields, unknownOptionField } from './options.js';
import { flattenPlanRoutes } from './plan-routes.js';
import type { ConvertService } from './service.js';

/** The quick convert's standing, sent on its answers (see its route's description). */
const QUICK_CONVERT_HEADERS = {
  'ratelimit-limit': { type: 'integer', description: 'quick conversions per 24 hours per address (3)' },
  'ratelimit-remaining': { type: 'integer', description: 'conversions left for this address' },
  'ratelimit-reset': { type: 'integer', description: 'seconds until the next conversion comes back' },
};
const quickConvertError = { ...ErrorBody, headers: QUICK_CONVERT_HEADERS };

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  413: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};

/**
 * The request body as the bytes to convert (an empty body is an empty stream). A form sent here would be converted as JSON and fail on its
 * boundary line (using up an anonymous conversion): it is refused from its header, before anything is taken.
 */
function rawBody(request: FastifyRequest): AsyncIterable<Uint8Array> {
  if (/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? ''))
    throw new AppError('VALIDATION_FAILED', { detail: RAW_BODY_NOT_A_FORM });
  return (request.body as AsyncIterable<Uint8Array> | undefined) ?? nothing();
}

const RAW_BODY_NOT_A_FORM =
  'This endpoint reads the request body itself, not a form (multipart/form-data): send the bytes as the body (curl --data-binary @data.json -H "content-type: application/json"), or the form to POST /api/convert/file.';

async function* nothing(): AsyncGenerator<Uint8Array> {}

/**
 * An error answer on a route whose body may still be arriving: close the connection after it, so
 * the rest of a large upload is not read for nothing.
 */
function closeOnError(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    if (reply.statusCode >= 400) reply.header('connection', 'close');
  });
}

/**
 * HTTP for conversions; quotas, limits and the pipeline live in ConvertService. Each conversion is
 * tracked in `inFlight`, whose signal aborts it when a shutdown's grace time is over.
 */
export function convertRoutes(service: ConvertService, inFlight: InFlightConversions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const tags = ['convert'];

    // Answers with bytes built around the engine's output (see csvToJsonEnvelope), so the reply is
    // not typed by the response schema, which documents it.
    app.post(
      '/api/convert/csv-to-json',
      {
        // Two CSV fields of at most 20 MB each, JSON-escaped.
        bodyLimit: 4 * CSV_TO_JSON_MAX_BYTES,
        config: { access: 'user-or-key' },
        schema: {
          tags,
          summary: 'CSV text to JSON: {csv_content, output_format} or {csv_data, original_filename}',
          body: CsvToJsonBody,
          response: { 200: CsvToJsonResponse, ...errors },
        },
      },
      async (request, reply) => {
        const {
          csv_content,
          csv_data,
          delimiter,
          quote,
          escape: escapeChar,
          skip_rows,
          header_rows,
          types,
          pretty,
          ndjson,
          unflatten,
          separator,
          header,
          plan,
          excel_safe,
        } = request.body as CsvToJsonBody;
        // Two texts in one request: converting one and dropping the other would be a silent choice.
        if (csv_content !== undefined && csv_data !== undefined) {
          throw new AppError('VALIDATION_FAILED', { detail: 'Send the CSV as csv_content or as csv_data, not both.' });
        }
        const csv = csv_content ?? csv_data;
        if (csv === undefined) throw new AppError('VALIDATION_FAILED', { detail: CONVERSION_TEXTS.emptyCsvText });
        const counted = csv_content !== undefined;
        const json = await service.csvTextToJson(
          request.account,
          csv,
          {
            delimiter,
            quote,
            escape: escapeChar,
            skipRows: skip_rows,
            headerRows: header_rows,
            typing: types,
            pretty,
            ndjson,
            unflatten,
            separator,
            header,
            plan,
            excelSafe: excel_safe,
          },
          counted,
          inFlight.track(reply),
        );
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );

    await app.register(async (raw) => {
      acceptRawBodies(raw);
      closeOnError(raw);
      const api = raw.withTypeProvider<TypeBoxTypeProvider>();

      raw.post(
        '/api/convert/simple',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary:
              'Anonymous quick convert: raw JSON (up to 512 KB) to a CSV download, or CSV (text/csv) to JSON; 3 per 24 hours',
            querystring: QuickConvertQuery,
            description:
              'A body sent as `text/csv` is read as CSV (its delimiter, quote and header detected) and answered as JSON, named converted.json; any other body is JSON, answered as CSV with Spreadsheet-safe on. Every answer that counted a conversion (a refused body counts too), and the 429, carries the address’s standing: `RateLimit-Limit` (3), `RateLimit-Remaining` (conversions left in the last 24 hours) and `RateLimit-Reset` (seconds until the next one comes back).',
            response: {
              200: {
                description:
                  'The CSV (text/csv), named converted.csv; from CSV, the JSON (application/json), named converted.json',
                headers: QUICK_CONVERT_HEADERS,
                content: {
                  'text/csv': { schema: { type: 'string' } },
                  'application/json': { schema: {} },
                },
              },
              400: quickConvertError,
              413: quickConvertError,
              422: quickConvertError,
              429: quickConvertError,
            },
          },
        },
        async (request, reply) => {
          const input = /^text\/csv\b/i.test(request.headers['content-type'] ?? '') ? 'csv' : 'json';
          const output = input === 'csv' ? 'json' : 'csv';
          const converted = await service.quickConvert(
            input,
            clientAddress(request),
            request.query as QuickConvertQuery,
            rawBody(request),
            declaredLength(request.headers['content-length']),
            inFlight.track(reply),
            (standing) => setRateLimitHeaders(reply, standing),
          );
          return reply
            .type(contentTypeFor(output))
            .header('content-disposition', contentDisposition(`converted.${output}`))
            .send(converted);
        },
      );

      api.post(
        '/api/convert/text',
        {
          config: { access: 'user-or-key' },
          schema: {
            tags,
            summary: 'Raw JSON text in; the result is stored like an uploaded file',
            querystring: TextConversionQuery,
            response: { 200: ConversionResult, ...errors },
          },
        },
        async (request, reply) => {
          const { filename, ...fields } = request.query;
          return service.convertToStorage(
            request.account,
            {
              filename: cleanFilename(filename, 'pasted.json'),
              body: rawBody(request),
              declaredBytes: declaredLength(request.headers['content-length']),
            },
            fields,
            CONVERSION_TEXTS.failedToConvertText,
            inFlight.track(reply),
          );
        },
      );

      raw.post(
        '/api/convert/text/download',
        {
          config: { access: 'user-or-key' },
          schema: {
            tags,
            summary: 'Raw JSON text in; the CSV comes back as a download named converted.csv',
            querystring: ConversionOptionFields,
            response: errors,
          },
        },
        async (request, reply) => {
          const converted = await service.convertToDownload(
            request.account,
            {
              filename: 'converted.json',
              body: rawBody(request),
              declaredBytes: declaredLength(request.headers['content-length']),
            },
            // Checked by the schema above (this route's reply is bytes, so it is not typed by a provider).
            request.query as ConversionOptionFields,
            inFlight.track(reply),
          );
          return reply
            .type(contentTypeFor(converted.contentType))
            .header('content-disposition', contentDisposition(converted.filename))
            .send(Readable.from(converted.body));
        },
      );
    });

    await app.register(flattenPlanRoutes(service, inFlight));

    await app.register(async (uploads) => {
      // A field holds an option; the flattening plan's JSON text is the one that may be long.
      await uploads.register(multipart, fileFormOptions(MAX_PLAN_TEXT_BYTES));
      closeOnError(uploads);
      uploads.withTypeProvider<TypeBoxTypeProvider>().post(
        '/api/convert/file',
        {
          config: { access: 'user-or-key' },
          schema: {
            tags,
            summary:
              'Upload a .json, .csv or relational .zip file (multipart field `file`; option fields before it); stores the original and the result. With ?async=1: 202 with a job at once',
            consumes: ['multipart/form-data'],
            querystring: FileConversionQuery,
            response: { 200: ConversionResult, 202: AsyncConversionAccepted, ...errors },
          },
        },
        async (request, reply) => {
          const signal = inFlight.track(reply);
          const form = await fileForm(request, MAX_PLAN_TEXT_BYTES);
          const { async: queued, ...query } = request.query;
          const fields: OptionFields = { ...query };
          for (const { name, value } of form.fields) {
            // As the query string's schema refuses a name it does not know, so does the form.
            if (!isOptionName(name)) throw unknownOptionField(name, ['file']);
            fields[name] = value;
          }
          const upload = {
            filename: cleanFilename(form.filename, 'upload'),
            body: form.body,
            declaredBytes: declaredLength(request.headers['content-length']),
          };
          if (queued === true || queued === '1' || queued === 'true') {
            return reply.code(202).send(await service.startAsync(request.account, upload, fields, signal));
          }
          return service.convertToStorage(
            request.account,
            upload,
            fields,
            CONVERSION_TEXTS.fileConversionFailed,
            signal,
          );
        },
      );
    });
  };
}
