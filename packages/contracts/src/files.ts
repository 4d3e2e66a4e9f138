import { type Static, Type } from 'typebox';
import { FlattenPlanDocument } from './flatten-plan.js';

const timestamp = Type.String({ format: 'date-time' });

/** A stored conversion as GET /api/files lists it (spec section 3, plus `expires_at`). */
export const FileRecord = Type.Object({
  fileId: Type.String({ format: 'uuid' }),
  filename: Type.String({ description: 'name of the converted file' }),
  original_filename: Type.String(),
  size: Type.Integer({ description: 'bytes of the converted file' }),
  original_size: Type.Integer({ description: 'bytes of the uploaded file' }),
  input_format: Type.Union([Type.Literal('json'), Type.Literal('csv'), Type.Literal('zip')], {
    description: 'zip: a relational ZIP of linked CSV tables, read back into JSON',
  }),
  output_format: Type.Union(
    [
      Type.Literal('csv'),
      Type.Literal('tsv'),
      Type.Literal('xlsx'),
      Type.Literal('json'),
      Type.Literal('zip'),
      Type.Null(),
    ],
    { description: 'null: stored without converting (status uploaded); zip: relational output, linked tables' },
  ),
  status: Type.Union(
    [Type.Literal('converted'), Type.Literal('failed'), Type.Literal('pending'), Type.Literal('uploaded')],
    {
      description:
        'pending: being converted or uploaded now; failed: see `error` (a failed conversion keeps no bytes); uploaded: stored by POST /api/files/upload, not converted',
    },
  ),
  error: Type.Union([Type.String(), Type.Null()], { description: 'why the conversion failed; null otherwise' }),
  retention_type: Type.Union([Type.Literal('premium'), Type.Literal('free')]),
  created_at: timestamp,
  expires_at: Type.Union([timestamp, Type.Null()], { description: 'null: kept until deleted' }),
});
export type FileRecord = Static<typeof FileRecord>;

/**
 * The options a stored conversion ran with, as the request fields name them (a CSV input takes only the parts of
 * its dialect given, and undoing the formula guard).
 */
export const UsedOptions = Type.Object({
  output_format: Type.String(),
  delimiter: Type.Optional(Type.String()),
  quote: Type.Optional(Type.String({ description: 'CSV input: the quote given' })),
  escape: Type.Optional(Type.String({ description: 'CSV input: the escape given' })),
  skip_rows: Type.Optional(Type.Integer({ description: 'CSV input: the rows before the header given' })),
  header_rows: Type.Optional(Type.Integer({ description: 'CSV input: the header rows given' })),
  types: Type.Optional(
    Type.String({ description: 'CSV input: the typing given (auto, per-column, per-cell, strings)' }),
  ),
  encoding: Type.Optional(Type.String({ description: 'CSV input: the encoding given' })),
  pretty: Type.Optional(Type.Boolean({ description: 'CSV input: indented JSON asked for' })),
  ndjson: Type.Optional(Type.Boolean({ description: 'CSV input: JSON Lines asked for' })),
  unflatten: Type.Optional(Type.Boolean({ description: 'CSV input: false when dotted headers stayed flat keys' })),
  separator: Type.Optional(Type.String({ description: 'CSV input: the header separator given' })),
  header: Type.Optional(Type.Boolean({ description: 'CSV input: false when the first row was read as data' })),
  array_strategy: Type.Optional(Type.String()),
  include_bom: Type.Optional(Type.Boolean()),
  excel_safe: Type.Optional(Type.Boolean()),
  group_array_columns: Type.Optional(Type.Boolean({ description: "JSON input: each array's columns kept together" })),
  analysis: Type.Optional(Type.Boolean({ description: 'whether the premium analysis ran' })),
  plan: Type.Optional(FlattenPlanDocument),
  records: Type.Optional(Type.String({ description: 'the records path asked for' })),
  relational: Type.Optional(Type.Boolean({ description: 'relational output: linked tables in a ZIP or workbook' })),
  smart_headers: Type.Optional(
    Type.Array(Type.String(), {
      description:
        "the smart column names the analysis gave each column (a CSV or TSV made with the analysis), which the download's `header=smart` writes as the header row",
    }),
  ),
});
export type UsedOptions = Static<typeof UsedOptions>;

/** GET /api/files/{id}/metadata: what the file is, how it was made and until when it is kept. */
export const FileMetadata = Type.Object({
  fileId: Type.String({ format: 'uuid' }),
  status: FileRecord.properties.status,
  original_filename: Type.String(),
  filename: Type.String(),
  input_format: FileRecord.properties.input_format,
  output_format: FileRecord.properties.output_format,
  original_size: Type.Integer({ description: 'bytes of the upload' }),
  size: Type.Integer({ description: 'bytes of the converted file (0 when not converted)' }),
  records: Type.Union([Type.Integer(), Type.Null()], { description: 'records converted (JSON input)' }),
  columns: Type.Union([Type.Integer(), Type.Null()], { description: 'columns written (JSON input)' }),
  options: Type.Union([UsedOptions, Type.Null()], {
    description: 'null for an upload that was not converted, or a conversion stored before options were recorded',
  }),
  retention_type: FileRecord.properties.retention_type,
  created_at: timestamp,
  expires_at: Type.Union([timestamp, Type.Null()], { description: 'null: kept until deleted' }),
  download_url: Type.Union([Type.String(), Type.Null()], {
    description:
      'the converted file, or the upload when it was stored without converting; null while pending or failed',
  }),
});
export type FileMetadata = Static<typeof FileMetadata>;

/** GET /api/files: newest first, with the summary cards' totals. */
export const FilesListResponse = Type.Object({
  files: Type.Array(FileRecord),
  total_files: Type.Integer(),
  total_size: Type.Integer({ description: 'bytes stored (uploads and results)' }),
});
export type FilesListResponse = Static<typeof FilesListResponse>;

/** GET /api/files/compare-data/{fileId}: both texts, for files under 20 MB. */
export const CompareDataResponse = Type.Object({
  original_json: Type.String({ description: 'the uploaded JSON, as uploaded' }),
  converted_csv: Type.String({ description: 'the CSV (or TSV) result' }),
  filename: Type.String(),
  original_size: Type.Integer(),
  size: Type.Integer(),
  plan: Type.Optional(FlattenPlanDocument),
  excel_safe: Type.Boolean({
    description: "the CSV was written with the formula guard: read it back with excel_safe to take the ' off",
  }),
});
export type CompareDataResponse = Static<typeof CompareDataResponse>;

/** Path parameter of the file routes. */
export const FileIdParams = Type.Object({ fileId: Type.String({ maxLength: 64 }) });
export type FileIdParams = Static<typeof FileIdParams>;

/** GET /api/files/download/{fileId}?variant=original downloads the upload instead of the result. */
export const DownloadQuery = Type.Object({
  variant: Type.Optional(Type.Union([Type.Literal('converted'), Type.Literal('original')])),
  header: Type.Optional(
    Type.Literal('smart', {
      description:
        "smart: the header row holds the smart column names of the conversion's analysis instead of the paths (a CSV or TSV made with the analysis); the data rows are the stored bytes as they are",
    }),
  ),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

/** A plain success answer (deletions). */
export const SuccessResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type SuccessResponse = Static<typeof SuccessResponse>;
