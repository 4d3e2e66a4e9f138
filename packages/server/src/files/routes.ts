import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompareDataResponse,
  DownloadQuery,
  ErrorBody,
  FileIdParams,
  FileMetadata,
  FileRecord,
  FilesListResponse,
  SuccessResponse,
} from '@unnest/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { cleanFilename } from '../platform/file-names.js';
import type { InFlightConversions } from '../platform/in-flight.js';
import { declaredLength } from '../platform/request-body.js';
import { fileFormOptions, fileOnlyForm } from '../platform/upload-form.js';
import type { FilesService } from './service.js';
import type { FileUploads } from './uploads.js';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 500: ErrorBody };

/** HTTP for the user's stored files; ownership is checked in FilesService on every call. */
export function filesRoutes(service: FilesService, uploads: FileUploads, inFlight: InFlightConversions) {
  return async function register(app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    const config = { access: 'user-or-key' } as const;
    const common = { tags: ['files'] };

    api.get(
      '/api/files',
      {
        config,
        schema: {
          ...common,
          summary: 'The signed-in user’s files, newest first',
          response: { 200: FilesListResponse, ...errors },
        },
      },
      async (request) => service.list(request.claims.sub),
    );

    // Streams bytes; the response schema documents only the errors.
    app.get(
      '/api/files/download/:fileId',
      {
        config: { ...config, downloadTicket: true },
        schema: {
          ...common,
          summary:
            'Download the converted file (or, with variant=original, the upload; with header=smart, a CSV or TSV whose header row holds the smart column names)',
          params: FileIdParams,
          querystring: DownloadQuery,
          response: errors,
        },
      },
      async (request, reply) => {
        const { fileId } = request.params as FileIdParams;
        const { variant, header } = request.query as DownloadQuery;
        const file = await service.download(request.claims.sub, fileId, variant ?? 'converted', header);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(file.filename))
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );

    api.get(
      '/api/files/compare-data/:fileId',
      {
        config,
        schema: {
          ...common,
          summary: 'The uploaded JSON and the converted CSV as text (files under 20 MB)',
          params: FileIdParams,
          response: { 200: CompareDataResponse, ...errors },
        },
      },
      async (request) => service.compareData(request.claims.sub, request.params.fileId),
    );

    api.get(
      '/api/files/:fileId',
      {
        config,
        schema: { ...common, summary: 'One file', params: FileIdParams, response: { 200: FileRecord, ...errors } },
      },
      async (request) => service.get(request.claims.sub, request.params.fileId),
    );

    api.get(
      '/api/files/:fileId/metadata',
      {
        config,
        schema: {
          ...common,
          summary: 'Size, records, columns, the options it was converted with, expiry and download URL',
          params: FileIdParams,
          response: { 200: FileMetadata, ...errors },
        },
      },
      async (request) => service.metadata(request.claims.sub, request.params.fileId),
    );

    api.delete(
      '/api/files/:fileId',
      {
        config,
        schema: {
          ...common,
          summary: 'Delete a file and its bytes (the same as DELETE /api/files/delete/{fileId})',
          params: FileIdParams,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => {
        await service.delete(request.claims.sub, request.params.fileId);
        return { success: true, message: 'File deleted' };
      },
    );

    await app.register(async (scope) => {
      await scope.register(multipart, fileFormOptions());
      scope.withTypeProvider<TypeBoxTypeProvider>().post(
        '/api/files/upload',
        {
          config,
          schema: {
            ...common,
            summary:
              'Store a .json, .csv or relational .zip file without converting it (multipart field `file`); it counts against storage and is kept as the plan keeps files',
            consumes: ['multipart/form-data'],
            response: { 201: FileRecord, 400: ErrorBody, 403: ErrorBody, 413: ErrorBody, ...errors },
          },
        },
        async (request, reply) => {
          const signal = inFlight.track(reply);
          const form = await fileOnlyForm(request);
          const record = await uploads.store(
            request.account,
            {
              filename: cleanFilename(form.filename, 'upload'),
              body: form.body,
              declaredBytes: declaredLength(request.headers['content-length']),
            },
            signal,
          );
          return reply.code(201).send(record);
        },
      );
    });

    api.delete(
      '/api/files/delete/:fileId',
      {
        config,
        schema: {
          ...common,
          summary: 'Delete a file and its bytes',
          params: FileIdParams,
          response: { 200: SuccessResponse, ...errors },
        },
      },
      async (request) => {
        await service.delete(request.claims.sub, request.params.fileId);
        return { success: true, message: 'File deleted' };
      },
    );
  };
}
