import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CompareDataResponse,
  DownloadQuery,
  ErrorBody,
  FileIdParams,
  FilesListResponse,
  SuccessResponse,
} from '@unnest/contracts';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { FilesService } from './service.js';

const errors = { 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 500: ErrorBody };

/** HTTP for the user's stored files; ownership is checked in FilesService on every call. */
export function filesRoutes(service: FilesService) {
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
        config,
        schema: {
          ...common,
          summary: 'Download the converted file (or, with variant=original, the upload)',
          params: FileIdParams,
          querystring: DownloadQuery,
          response: errors,
        },
      },
      async (request, reply) => {
        const { fileId } = request.params as FileIdParams;
        const { variant } = request.query as DownloadQuery;
        const file = await service.download(request.claims.sub, fileId, variant ?? 'converted');
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
