import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  COMPARE_MAX_BYTES,
  CONVERSION_TEXTS,
  type CompareDataResponse,
  type FileRecord,
  type FilesListResponse,
} from '@unnest/contracts';
import type { AuditService } from '../audit/service.js';
import type { Clock } from '../platform/clock.js';
import { contentTypeFor } from '../platform/content-types.js';
import { AppError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { StorageDriver } from '../platform/storage/storage-driver.js';
import type { FileRow, FilesRepository, NewFileRow } from './repository.js';

/** Where a new conversion's bytes go. */
export interface FileSlot {
  fileId: string;
  originalKey: string;
  resultKey: string;
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

function describe(row: FileRow): FileRecord {
  return {
    fileId: row.id,
    filename: row.filename,
    original_filename: row.originalFilename,
    size: row.resultSize,
    original_size: row.originalSize,
    input_format: row.inputFormat as FileRecord['input_format'],
    output_format: row.outputFormat as FileRecord['output_format'],
    status: 'converted',
    retention_type: row.retentionType as FileRecord['retention_type'],
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/** Every user's files live under their own prefix, so an account's bytes can go in one sweep. */
function userPrefix(userId: string): string {
  return `users/${userId}`;
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
    },
  ) {}

  /** Reserves keys for a new conversion of the user. Nothing is stored yet. */
  newSlot(userId: string, inputFormat: string, outputFormat: string): FileSlot {
    const fileId = randomUUID();
    const folder = `${userPrefix(userId)}/${fileId}`;
    return { fileId, originalKey: `${folder}/original.${inputFormat}`, resultKey: `${folder}/result.${outputFormat}` };
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
   * Removes a slot's folder (after a failed conversion): both objects, and the drafts a conversion
   * worker that died mid-write leaves beside them. Failures are logged, never thrown.
   */
  async discardSlot(slot: FileSlot): Promise<void> {
    const folder = slot.originalKey.slice(0, slot.originalKey.lastIndexOf('/'));
    await this.deps.storage.deletePrefix(folder).catch((error: unknown) => {
      this.deps.log.error({ err: error, folder }, 'could not delete the bytes of a failed conversion');
    });
  }

  /** Records a conversion whose bytes are both stored. */
  async register(row: NewFileRow): Promise<FileRecord> {
    return describe(await this.deps.repository.insert(row));
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

  /** Bytes the user stores. */
  storedBytes(userId: string): Promise<number> {
    return this.deps.repository.storedBytes(userId);
  }

  /** Opens the converted file (or the upload) of one of the user's files for download. */
  async download(userId: string, fileId: string, variant: 'converted' | 'original'): Promise<Download> {
    const row = await this.owned(userId, fileId);
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
    const size = original ? row.originalSize : row.resultSize;
    await this.deps.audit.record(userId, {
      action: 'download',
      status: 'success',
      details: `Downloaded ${filename}`,
      fileSizeBytes: size,
      durationMs: this.deps.clock.now().getTime() - started,
    });
    return { stream, filename, size, contentType: contentTypeFor(original ? row.inputFormat : row.outputFormat) };
  }

  /** The upload and the CSV of a JSON to CSV conversion, as text, for files under 20 MB. */
  async compareData(userId: string, fileId: string): Promise<CompareDataResponse> {
    const row = await this.owned(userId, fileId);
    const refuse = (reason: string) =>
      new AppError('COMPARE_NOT_AVAILABLE', { detail: `${CONVERSION_TEXTS.failedToLoadComparison} ${reason}` });
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
      await this.deps.storage.delete(row.originalKey);
      await this.deps.storage.delete(row.resultKey);
    } catch (error) {
      // The record is gone; the bytes stay until the account is deleted. Say so rather than pretend.
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
        await this.deps.storage.delete(row.originalKey);
        await this.deps.storage.delete(row.resultKey);
        await this.deps.repository.deleteById(row.id);
        deleted += 1;
      }
      if (batch.length < PURGE_BATCH) break;
    }
    if (deleted > 0) this.deps.log.info({ deleted }, 'deleted expired files');
    return deleted;
  }

  /** Deletes every stored byte of a user (account deletion); the records go with the account. */
  async deleteAllBytes(userId: string): Promise<void> {
    await this.deps.storage.deletePrefix(userPrefix(userId));
  }

  private async owned(userId: string, fileId: string): Promise<FileRow> {
    const row = await this.deps.repository.findOwned(userId, fileId);
    if (!row) throw new AppError('FILE_NOT_FOUND');
    return row;
  }

  private async readText(key: string): Promise<string> {
    const decoder = new TextDecoder('utf-8');
    let text = '';
    for await (const chunk of await this.deps.storage.get(key)) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
    }
    return text + decoder.decode();
  }
}
