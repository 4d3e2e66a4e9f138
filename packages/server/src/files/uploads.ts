import type { FileRecord } from '@unnest/contracts';
import type { AuditService } from '../audit/service.js';
import type { Account } from '../platform/account.js';
import { limitBytes } from '../platform/byte-limit.js';
import type { Clock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { inputFormatOf } from '../platform/file-names.js';
import { abortable } from '../platform/in-flight.js';
import { fileSizeLimitBytes, retentionMs, storageLimitBytes } from '../platform/plan-catalogue.js';
import { incomplete, type Upload } from '../platform/request-body.js';
import { tooLargeRefusal } from '../platform/size-refusal.js';
import type { FileSlot, FilesService } from './service.js';

/**
 * POST /api/files/upload: a file stored as it is, without converting it, under the plan's file size
 * and the storage left (counted as the bytes come, whatever the request announced), kept as long as
 * the plan keeps files. It is not a conversion: no daily conversion is used.
 */
export class FileUploads {
  constructor(
    private readonly deps: {
      files: FilesService;
      audit: AuditService;
      clock: Clock;
    },
  ) {}

  async store(account: Account, upload: Upload, signal: AbortSignal): Promise<FileRecord> {
    const userId = account.id;
    const started = this.deps.clock.now().getTime();
    const input = inputFormatOf(upload.filename);
    const plan = account.plan;
    const settings = await account.settings();
    const remainingStorage = storageLimitBytes(plan) - (await account.storedBytes());
    if (remainingStorage <= 0) throw new AppError('STORAGE_LIMIT_REACHED');
    const maxFileBytes = fileSizeLimitBytes(plan);
    const tooLarge = () => tooLargeRefusal(plan.name, remainingStorage, { maxFileBytes, credit: false });
    const max = Math.min(maxFileBytes, remainingStorage);
    if (upload.declaredBytes !== undefined && upload.declaredBytes > max + 64 * 1024) throw tooLarge();
    let slot: FileSlot | undefined;
    try {
      slot = await this.deps.files.begin({
        userId,
        originalFilename: upload.filename,
        filename: upload.filename,
        inputFormat: input,
        outputFormat: null,
        retentionType: plan.id === 'free' ? 'free' : 'premium',
        options: null,
      });
      const size = await this.deps.files.putBytes(
        slot.originalKey,
        limitBytes(abortable(incomplete(upload.body), signal), max, { bytes: 0 }, tooLarge),
      );
      if (size === 0) throw new AppError('VALIDATION_FAILED', { detail: 'The file is empty.' });
      const keepMs = retentionMs(plan, settings.auto_delete_days);
      const now = this.deps.clock.now();
      const record = await this.deps.files.complete(
        slot,
        {
          originalSize: size,
          resultSize: 0,
          records: null,
          columns: null,
          expiresAt: keepMs === null ? null : new Date(now.getTime() + keepMs),
        },
        'uploaded',
      );
      await this.deps.audit.record(userId, {
        action: 'upload',
        status: 'success',
        details: `Stored ${upload.filename} without converting`,
        fileSizeBytes: size,
        durationMs: now.getTime() - started,
      });
      return record;
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'upload interrupted or storage failed';
      if (slot) await this.deps.files.fail(slot, reason);
      await this.deps.audit.record(userId, {
        action: 'upload',
        status: 'error',
        details: `${upload.filename}: ${reason}`,
        durationMs: this.deps.clock.now().getTime() - started,
      });
      throw error;
    }
  }
}
