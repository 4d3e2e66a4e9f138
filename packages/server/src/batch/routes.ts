import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BatchAnalyzeBody,
  BatchAnalyzeResponse,
  BatchClearResponse,
  BatchFileParams,
  BatchHistoryQuery,
  BatchHistoryResponse,
  BatchJob,
  BatchJobParams,
  BatchStatusParams,
  ConversionOptionFields,
  ErrorBody,
  MAX_PLAN_TEXT_BYTES,
  SuccessResponse,
} from '@unnest/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InFlightConversions } from '../platform/in-flight.js';
import { formParts } from '../platform/upload-form.js';
import type { BatchIntake } from './intake.js';
import type { BatchQuality } from './quality.js';
import type { BatchDownload, BatchService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const tags = ['batch'];
// Batch routes are what programs call with an API key too (DESIGN 7.13).
const access = { access: 'user-or-key' } as const;

/** The multipart request as the intake reads it: option fields, then `files` parts, in order. */
function batchParts(request: FastifyRequest) {
  return formParts(request, {
    fieldBytes: MAX_PLAN_TEXT_BYTES,
    cutShort: 'The upload ended before every file arrived.',
  });
}

function sendDownload(reply: FastifyReply, download: BatchDownload) {
  reply.type(download.contentType).header('content-disposition', contentDisposition(download.filename));
  if (download.size !== undefined) reply.header('content-length', download.size);
  return reply.send(download.stream);
}

/** HTTP for batch processing; the rules live in BatchIntake, BatchService and BatchQuality. */
export function batchRoutes(
  service: BatchService,
  intake: BatchIntake,
  quality: BatchQuality,
  inFlight: InFlightConversions,
) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();

    api.get(
      '/api/convert/batch/status/:jobId',
      {
        config: access,
        schema: {
          tags,
          summary: 'A batch job and its files',
          params: BatchStatusParams,
          response: { 200: BatchJob, ...errors },
        },
      },
      async (request) => service.job(request.claims.sub, request.params.jobId),
    );
    api.get(
      '/api/batch/job/:id',
      {
        config: access,
        schema: {
          tags,
          summary: 'A batch job and its files',
          params: BatchJobParams,
          response: { 200: BatchJob, ...errors },
        },
      },
      async (request) => service.job(request.claims.sub, request.params.id),
    );
    api.get(
      '/api/batch/jobs',
      {
        config: access,
        schema: {
          tags,
          summary: 'Batch history: the jobs, newest first, one page',
          querystring: BatchHistoryQuery,
          response: { 200: BatchHistoryResponse, ...errors },
        },
      },
      async (request) => service.history(request.claims.sub, 'batch', request.query.page, request.query.page_size),
    );
    api.delete(
      '/api/batch/job/:id',
      {
        config: access,
        schema: {
          tags,
          summary: 'Delete a batch job and its files',
          params: BatchJobParams,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => service.delete(request.claims.sub, request.params.id),
    );
    api.delete(
      '/api/batch/jobs',
      {
        config: access,
        schema: {
          tags,
          summary: 'Clear All History: delete every batch job',
          response: { 200: BatchClearResponse, ...errors },
        },
      },
      async (request) => service.clear(request.claims.sub),
    );
    api.post(
      '/api/batch/job/:id/cancel',
      {
        config: access,
        schema: {
          tags,
          summary: 'Cancel a running batch job (converted files stay)',
          params: BatchJobParams,
          response: { 200: BatchJob, ...errors },
        },
      },
      async (request) => service.cancel(request.claims.sub, request.params.id),
    );
    api.post(
      '/api/batch/job/:id/analyze',
      {
        config: access,
        // No body at all means every converted file, as `{}` does.
        preValidation: async (request) => {
          request.body ??= {};
        },
        schema: {
          tags,
          summary: 'Per-file quality analysis (round-trip comparison) of the converted files, stored with each',
          params: BatchJobParams,
          body: BatchAnalyzeBody,
          response: { 200: BatchAnalyzeResponse, ...errors },
        },
      },
      async (request) => quality.analyze(request.claims.sub, request.params.id, request.body?.file_ids),
    );
    api.get(
      '/api/batch/download/:id',
      {
        config: { ...access, downloadTicket: true },
        schema: {
          tags,
          summary: 'A ZIP of every converted file, streamed as it is built',
          params: BatchJobParams,
          response: errors,
        },
      },
      async (request, reply) => sendDownload(reply, await service.zip(request.claims.sub, request.params.id)),
    );
    api.get(
      '/api/batch/job/:id/file/:batchFileId/:name',
      {
        config: { ...access, downloadTicket: true },
        schema: { tags, summary: 'One converted file of a batch job', params: BatchFileParams, response: errors },
      },
      async (request, reply) =>
        sendDownload(reply, await service.download(request.claims.sub, request.params.id, request.params.batchFileId)),
    );

    await app.register(async (uploads) => {
      await uploads.register(multipart, {
        // The intake counts file bytes against the plan; busboy's own limits only bound the form.
        limits: { fields: 10, fieldSize: MAX_PLAN_TEXT_BYTES, fileSize: Number.MAX_SAFE_INTEGER },
        throwFileSizeLimit: false,
      });
      uploads.addHook('onSend', async (_request, reply: FastifyReply) => {
        // An error while files may still be arriving: close the connection rather than read the rest.
        if (reply.statusCode >= 400) reply.header('connection', 'close');
      });
      uploads.withTypeProvider<TypeBoxTypeProvider>().post(
        '/api/convert/batch',
        {
          config: access,
          schema: {
            tags,
            summary: 'Start a batch job: multipart, the `files` field repeated (option fields before the files)',
            consumes: ['multipart/form-data'],
            querystring: ConversionOptionFields,
            response: { 200: BatchJob, ...errors },
          },
        },
        async (request, reply) =>
          intake.create(request.account, batchParts(request), request.query, inFlight.track(reply)),
      );
    });
  };
}
