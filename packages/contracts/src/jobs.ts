import { type Static, Type } from 'typebox';
import { BatchJob, BatchJobSummary } from './batch.js';
import { pagingFields } from './paging.js';

/**
 * The jobs API (`/api/jobs/*`): batch jobs and asynchronous single conversions
 * (`POST /api/convert/file?async=1`), which run on the same durable per-file queue.
 */
export const JOB_KINDS = ['batch', 'conversion'] as const;
/** What a job is. */
export type JobKind = (typeof JOB_KINDS)[number];

const jobExtras = {
  status_url: Type.String({ description: 'GET it for the progress' }),
  result_url: Type.Union([Type.String(), Type.Null()], {
    description:
      'a conversion: its converted file, once completed; a batch: the ZIP of its converted files, once one is; else null',
  }),
};

/** GET /api/jobs/{id}/status and POST /api/jobs/{id}/cancel: the job with its files. */
export const JobStatus = Type.Object({ ...BatchJob.properties, ...jobExtras });
export type JobStatus = Static<typeof JobStatus>;

/** A job in GET /api/jobs/list. */
export const JobSummary = Type.Object({ ...BatchJobSummary.properties, ...jobExtras });
export type JobSummary = Static<typeof JobSummary>;

/** GET /api/jobs/list?page=&page_size=&kind=: newest first. */
export const JobsListQuery = Type.Object(
  {
    ...pagingFields(),
    kind: Type.Optional(Type.Enum([...JOB_KINDS])),
  },
  { additionalProperties: false },
);
export type JobsListQuery = Static<typeof JobsListQuery>;

export const JobsListResponse = Type.Object({
  jobs: Type.Array(JobSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
export type JobsListResponse = Static<typeof JobsListResponse>;

/** Path parameter of the job routes. */
export const JobParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type JobParams = Static<typeof JobParams>;

/** 202 of POST /api/convert/file?async=1: the job that converts the stored upload. */
export const AsyncConversionAccepted = Type.Object({
  job_id: Type.String({ format: 'uuid' }),
  kind: Type.Literal('conversion'),
  status: BatchJob.properties.status,
  created_at: Type.String({ format: 'date-time' }),
  file_name: Type.String(),
  file_size: Type.Integer({ minimum: 0, description: 'bytes stored' }),
  status_url: Type.String(),
});
export type AsyncConversionAccepted = Static<typeof AsyncConversionAccepted>;

/** Texts of the asynchronous conversion. */
export const ASYNC_CONVERSION_TEXTS = {
  notInPlan:
    'Asynchronous conversions come with API access, which your plan does not include. Upgrade to Starter or above, or convert without async.',
  oneFile: 'An asynchronous conversion takes one file, in the field `file`.',
} as const;
