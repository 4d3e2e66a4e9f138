import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  COMPARE_MAX_BYTES,
  CONVERSION_TEXTS,
  type CompareDataResponse,
  type FileMetadata,
  type FileRecord,
  type FilesListResponse,
  type UsedOptions,
} from '@unnest/contracts';
import type { AuditService } from '../audit/service.js';
import type { Clock } from '../platform/clock.js';
import { contentTypeFor } from '../platform/content-types.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { StorageDriver } from '../platform/storage/storage-driver.js';
import { withHeaderRow } from './header-row.js';
import type { CompletedFile, FileRow, FilesRepository } from './repository.js';

/** Where a new conversion's bytes go; its pending record exists before any of them is stored. */
export interface FileSlot {
  fileId: string;
  userId: string;
  originalKey: string;
  resultKey: string;
}

/** What a conversion tells about itself before its bytes come. */
export interface NewConversion {
  userId: string;
  originalFilename: string;
  filename: string;
  inputFormat: string;
  /** Null: an upload stored without converting. */
  outputFormat: string | null;
  retentionType: 'free' | 'premium';
  /** The conversion's options, kept for its metadata. */
  options: UsedOptions | null;
}

/** A download ready to stream. */
export interface Download {
  stream: Readable;
  filename: string;
  contentType: string;
  size: number;
}

// Retention deletes in batches so that one run never holds a long list or a long transaction.
const PURGE_BATCH = 100;
/**
 * A pending record this old belongs to a process that died: an upload takes at most
 * REQUEST_TIMEOUT_SECONDS (30 minutes at most), which leaves half an hour for the conversion itself.
 */
export const PENDING_STALE_MS = 60 * 60 * 1000;
/** A failed record holds no bytes; it stays this long so that My Files can show what went wrong. */
const FAILED_RECORD_KEEP_MS = 24 * 60 * 60 * 1000;
const INTERRUPTED_TEXT = 'The conversion was interrupted (the server stopped). Please convert the file again.';

function describe(row: FileRow): FileRecord {
  return {
    fileId: row.id,
    filename: row.filename,
    original_filename: row.originalFilename,
    size: row.resultSize,
    original_size: row.originalSize,
    input_format: row.inputFormat as FileRecord['input_format'],
    output_format: (row.outputFormat ?? null) as FileRecord['output_format'],
    status: row.status as FileRecord['status'],
    error: row.error,
    retention_type: row.retentionType as FileRecord['retention_type'],
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

const USERS_PREFIX = 'users';

/** Every user's files live under their own prefix, so an account's bytes can go in one sweep. */
function userPrefix(userId: string): string {
  return `${USERS_PREFIX}/${userId}`;
}

/** One conversion's bytes (upload, result and any draft of either) live in one folder. */
function fileFolder(userId: string, fileId: string): string {
  return `${userPrefix(userId)}/${fileId}`;
}

/** Stored conversions: the bytes in storage, the records in the database, always checked by owner. */
export class FilesService {
  constructor(
    private readonly deps: {
      repository: FilesRepository;
      storage: StorageDriver;
      audit: AuditService;
      clock: Clock;
      log: Logger;
      /** Bytes the account stores outside single conversions (batch files): they count in its storage too. */
      storedElsewhere?: (userId: string) => Promise<number>;
    },
  ) {}

  /** Writes the pending record of a new conversion and returns where its bytes go. Nothing is stored yet. */
  async begin(conversion: NewConversion): Promise<FileSlot> {
    const fileId = randomUUID();
    const folder = fileFolder(conversion.userId, fileId);
    const slot = {
      fileId,
      userId: conversion.userId,
      originalKey: `${folder}/original.${conversion.inputFormat}`,
      resultKey: `${folder}/result.${conversion.outputFormat ?? conversion.inputFormat}`,
    };
    await this.deps.repository.insert({
      ...conversion,
      id: fileId,
      originalKey: slot.originalKey,
      resultKey: slot.resultKey,
      originalSize: 0,
      resultSize: 0,
      status: 'pending',
      createdAt: this.deps.clock.now(),
    });
    return slot;
  }

  /** Streams bytes into storage under a slot's key; nothing remains if the source fails. */
  putBytes(key: string, body: AsyncIterable<Uint8Array>): Promise<number> {
    return this.deps.storage.put(key, body);
  }

  /** Streams stored bytes back. */
  readBytes(key: string): Promise<Readable> {
    return this.deps.storage.get(key);
  }

  /**
   * After a failed conversion: its record marked failed with `reason`, then its bytes deleted (a
   * record already converted keeps them). Failures are logged and answered false, never thrown: a
   * record left pending, or bytes left under a failed one, are swept later (see sweepInterrupted).
   */
  async fail(slot: FileSlot, reason: string): Promise<boolean> {
    try {
      const keepUntil = new Date(this.deps.clock.now().getTime() + FAILED_RECORD_KEEP_MS);
      if (await this.deps.repository.markFailed(slot.fileId, reason, keepUntil)) {
        await this.deps.storage.deletePrefix(fileFolder(slot.userId, slot.fileId));
      }
      return true;
    } catch (error) {
      this.deps.log.error({ err: error, fileId: slot.fileId }, 'could not clean up after a failed conversion');
      return false;
    }
  }

  /**
   * Marks a conversion whose bytes are both stored as converted (or an upload stored without
   * converting as uploaded). FILE_NOT_FOUND when it was deleted meanwhile.
   */
  async complete(
    slot: FileSlot,
    done: CompletedFile,
    status: 'converted' | 'uploaded' = 'converted',
  ): Promise<FileRecord> {
    const row = await this.deps.repository.complete(slot.fileId, done, status);
    if (!row) {
      await this.deps.storage.deletePrefix(fileFolder(slot.userId, slot.fileId));
      throw new AppError('FILE_NOT_FOUND', { detail: 'The file was deleted while it was being converted.' });
    }
    return describe(row);
  }

  /** The user's files, newest first, with totals. */
  async list(userId: string): Promise<FilesListResponse> {
    const rows = await this.deps.repository.listForUser(userId);
    return {
      files: rows.map(describe),
      total_files: rows.length,
      total_size: rows.reduce((sum, row) => sum + row.originalSize + row.resultSize, 0),
    };
  }

  /** Bytes the user stores: single conversions, stored uploads and batch files. */
  async storedBytes(userId: string): Promise<number> {
    const [own, elsewhere] = await Promise.all([
      this.deps.repository.storedBytes(userId),
      this.deps.storedElsewhere?.(userId) ?? 0,
    ]);
    return own + elsewhere;
  }

  /** Bytes the user's single conversions and stored uploads hold (what batch storage counts beside its own). */
  singleFileBytes(userId: string): Promise<number> {
    return this.deps.repository.storedBytes(userId);
  }

  /** One of the user's files. */
  async get(userId: string, fileId: string): Promise<FileRecord> {
    return describe(await this.owned(userId, fileId));
  }

  /** One of the user's files with the options it was converted with and where to download it. */
  async metadata(userId: string, fileId: string): Promise<FileMetadata> {
    const row = await this.owned(userId, fileId);
    const record = describe(row);
    const ready = row.status === 'converted' || row.status === 'uploaded';
    return {
      fileId: record.fileId,
      status: record.status,
      original_filename: record.original_filename,
      filename: record.filename,
      input_format: record.input_format,
      output_format: record.output_format,
      original_size: record.original_size,
      size: record.size,
      records: row.records,
      columns: row.columns,
      options: (row.options ?? null) as UsedOptions | null,
      retention_type: record.retention_type,
      created_at: record.created_at,
      expires_at: record.expires_at,
      download_url: ready
        ? `/api/files/download/${row.id}${row.status === 'uploaded' ? '?variant=original' : ''}`
        : null,
    };
  }

  /** Opens the converted file (or the upload) of one of the user's files for download. */
  async download(
    userId: string,
    fileId: string,
    variant: 'converted' | 'original',
    header?: 'smart',
  ): Promise<Download> {
    const row = await this.owned(userId, fileId);
    if (row.status === 'uploaded' && variant === 'converted') {
      throw new AppError('FILE_NOT_FOUND', {
        detail: 'The file was stored without converting: download it with variant=original.',
      });
    }
    if (row.status !== 'converted' && row.status !== 'uploaded') {
      throw new AppError('FILE_NOT_FOUND', {
        detail: row.status === 'failed' ? `The conversion failed: ${row.error}` : 'The file is still being converted.',
      });
    }
    const smartNames = header === 'smart' ? smartHeaderNames(row, variant) : undefined;
    const original = variant === 'original';
    const key = original ? row.originalKey : row.resultKey;
    const started = this.deps.clock.now().getTime();
    let stream: Readable;
    try {
      stream = await this.deps.storage.get(key);
    } catch (error) {
      this.deps.log.error({ err: error, fileId, key }, 'stored bytes could not be read');
      await this.deps.audit.record(userId, {
        action: 'download',
        status: 'error',
        details: `${CONVERSION_TEXTS.failedToDownload}: ${row.filename}`,
      });
      throw new AppError('STORAGE_FAILED', { detail: CONVERSION_TEXTS.failedToDownload, cause: error });
    }
    const filename = original ? row.originalFilename : row.filename;
    let size = original ? row.originalSize : row.resultSize;
    if (smartNames !== undefined) {
      const options = row.options as UsedOptions;
      const renamed = await withHeaderRow(stream, smartNames, {
        delimiter: row.outputFormat === 'tsv' ? '\t' : (options.delimiter ?? ','),
        excelSafe: options.excel_safe === true,
      });
      stream = renamed.stream;
      size += renamed.sizeChange;
    }
    await this.deps.audit.record(userId, {
      action: 'download',
      status: 'success',
      details: `Downloaded ${filename}`,
      fileSizeBytes: size,
      durationMs: this.deps.clock.now().getTime() - started,
    });
    return {
      stream,
      filename,
      size,
      contentType: contentTypeFor(original ? row.inputFormat : (row.outputFormat ?? row.inputFormat)),
    };
  }

  /** The upload and the CSV of a JSON to CSV conversion, as text, for files under 20 MB. */
  async compareData(userId: string, fileId: string): Promise<CompareDataResponse> {
    const row = await this.owned(userId, fileId);
    const refuse = (reason: string) =>
      new AppError('COMPARE_NOT_AVAILABLE', { detail: `${CONVERSION_TEXTS.failedToLoadComparison} ${reason}` });
    if (row.status !== 'converted') throw refuse('Only converted files can be compared.');
    if (row.inputFormat !== 'json' || (row.outputFormat !== 'csv' && row.outputFormat !== 'tsv')) {
      throw refuse('Only JSON to CSV or TSV conversions can be compared.');
    }
    if (row.originalSize >= COMPARE_MAX_BYTES || row.resultSize >= COMPARE_MAX_BYTES) {
      throw refuse('Only files under 20 MB can be compared.');
    }
    try {
      const [original, converted] = await Promise.all([this.readText(row.originalKey), this.readText(row.resultKey)]);
      return {
        original_json: original,
        converted_csv: converted,
        filename: row.filename,
        original_size: row.originalSize,
        size: row.resultSize,
        // The flattening plan the CSV was written with: it is read back and compared under it, and the guard undone.
        ...planOf(row.options as UsedOptions | null),
        excel_safe: (row.options as UsedOptions | null)?.excel_safe === true,
      };
    } catch (error) {
      this.deps.log.error({ err: error, fileId }, 'stored bytes could not be read for comparison');
      throw new AppError('STORAGE_FAILED', { detail: CONVERSION_TEXTS.failedToLoadComparison, cause: error });
    }
  }

  /** Deletes one of the user's files: the record first (so it vanishes at once), then its bytes. */
  async delete(userId: string, fileId: string): Promise<void> {
    const row = await this.owned(userId, fileId);
    await this.deps.repository.deleteOwned(userId, fileId);
    try {
      await this.deps.storage.deletePrefix(fileFolder(userId, fileId));
    } catch (error) {
      // The record is gone; the bytes stay until the next sweep (sweepInterrupted). Say so rather than pretend.
      this.deps.log.error({ err: error, fileId }, 'stored bytes could not be deleted');
      await this.deps.audit.record(userId, { action: 'delete', status: 'warning', details: `Deleted ${row.filename}` });
      throw new AppError('STORAGE_FAILED', { detail: CONVERSION_TEXTS.failedToDelete, cause: error });
    }
    await this.deps.audit.record(userId, {
      action: 'delete',
      status: 'success',
      details: `Deleted ${row.filename}`,
      fileSizeBytes: row.resultSize,
    });
  }

  /**
   * Deletes files whose retention is over, bytes first and then the record, so that a crash midway
   * leaves a record to retry rather than orphan bytes. Idempotent. Returns how many were deleted.
   */
  async purgeExpired(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = await this.deps.repository.expired(this.deps.clock.now(), PURGE_BATCH);
      for (const row of batch) {
        await this.deps.storage.deletePrefix(fileFolder(row.userId, row.id));
        await this.deps.repository.deleteById(row.id);
        deleted += 1;
      }
      if (batch.length < PURGE_BATCH) break;
    }
    if (deleted > 0) this.deps.log.info({ deleted }, 'deleted expired files');
    return deleted;
  }

  /** Kept files that expire within `withinMs` and were not announced yet, each returned once. */
  async claimExpiring(withinMs: number): Promise<FileRow[]> {
    const now = this.deps.clock.now();
    return this.deps.repository.claimExpiring(now, new Date(now.getTime() + withinMs), PURGE_BATCH);
  }

  /**
   * After a change of plan: the user's stored files are kept `keepMs` (null: until deleted) as if they
   * had been made under it, and at least that long from now when it is shorter than what they had.
   */
  async reapplyRetention(userId: string, keepMs: number | null, retentionType: 'free' | 'premium'): Promise<void> {
    await this.deps.repository.reapplyRetention(userId, keepMs, retentionType, this.deps.clock.now());
  }

  /** Deletes every stored byte of a user (account deletion); the records go with the account. */
  async deleteAllBytes(userId: string): Promise<void> {
    await this.deps.storage.deletePrefix(userPrefix(userId));
  }

  /**
   * Cleans up after processes that died mid-conversion: pending records created before `staleBefore`
   * are marked failed and their bytes deleted, and stored bytes with no pending or converted record
   * (whatever a crash or a failed delete left) are deleted. Safe beside running conversions, because
   * every conversion's record is written before its first byte. Returns what it removed.
   */
  async sweepInterrupted(staleBefore: Date): Promise<{ interrupted: number; orphaned: number }> {
    let interrupted = 0;
    for (;;) {
      const batch = await this.deps.repository.pendingBefore(staleBefore, PURGE_BATCH);
      let failed = 0;
      for (const row of batch) {
        const slot = { fileId: row.id, userId: row.userId, originalKey: row.originalKey, resultKey: row.resultKey };
        if (await this.fail(slot, INTERRUPTED_TEXT)) failed += 1;
      }
      interrupted += failed;
      // A batch that could not be cleaned (storage down) is left for the next sweep rather than retried now.
      if (batch.length < PURGE_BATCH || failed < batch.length) break;
    }
    const folders = new Map<string, string>();
    for (const key of await this.deps.storage.list(USERS_PREFIX)) {
      const [, userId, fileId] = key.split('/');
      if (userId && fileId && key.split('/').length > 3) folders.set(fileId, fileFolder(userId, fileId));
    }
    const ids = [...folders.keys()];
    let orphaned = 0;
    for (let start = 0; start < ids.length; start += PURGE_BATCH) {
      const chunk = ids.slice(start, start + PURGE_BATCH);
      const live = await this.deps.repository.withBytes(chunk);
      for (const fileId of chunk) {
        if (live.has(fileId)) continue;
        await this.deps.storage.deletePrefix(folders.get(fileId) as string);
        orphaned += 1;
      }
    }
    return { interrupted, orphaned };
  }

  private async owned(userId: string, fileId: string): Promise<FileRow> {
    const row = await this.deps.repository.findOwned(userId, fileId);
    if (!row) throw new AppError('FILE_NOT_FOUND');
    return row;
  }

  private async readText(key: string): Promise<string> {
    return text(await this.deps.storage.get(key));
  }
}

/**
 * The smart column names a download's header may take: those the analysis of a CSV or TSV conversion gave,
 * refused for anything else (the upload, a workbook, a ZIP, a conversion made without the analysis).
 */
function smartHeaderNames(row: FileRow, variant: 'converted' | 'original'): readonly string[] {
  const names = (row.options as UsedOptions | null)?.smart_headers;
  const refuse = (reason: string) =>
    new AppError('VALIDATION_FAILED', { detail: `header=smart is not available for this file: ${reason}` });
  if (variant === 'original') throw refuse('the upload is downloaded as it was.');
  if (row.outputFormat !== 'csv' && row.outputFormat !== 'tsv') throw refuse('it applies to CSV and TSV files.');
  if (names === undefined) throw refuse('it was converted without the analysis that names the columns.');
  return names;
}

function planOf(options: UsedOptions | null): Pick<CompareDataResponse, 'plan'> {
  return options?.plan === undefined ? {} : { plan: options.plan };
}
