import { buffer } from 'node:stream/consumers';
import {
  BATCH_TEXTS,
  type BatchAnalyzeResponse,
  type BatchFileAnalysis,
  COMPARE_MAX_BYTES,
  comparableSize,
} from '@unnest/contracts';
import { ConversionError } from '@unnest/engine';
import type { AnalysisService } from '../analysis/service.js';
import type { ConversionPool } from '../platform/conversion-pool.js';
import { engineFailureText } from '../platform/engine-errors.js';
import type { StorageDriver } from '../platform/storage/storage-driver.js';
import { describeJob } from './answers.js';
import type { JobEngineSettings } from './conversion.js';
import type { BatchFileRow, BatchRepository } from './repository.js';
import type { BatchService } from './service.js';

/**
 * The per-file quality analysis of spec 3 for a job's converted files: the engine's round-trip
 * comparison (the JSON against the JSON read back from the CSV), run in the ConversionPool, stored
 * with each file. Files over 20 MB and XLSX results cannot be compared and say why.
 */
export class BatchQuality {
  constructor(
    private readonly deps: {
      repository: BatchRepository;
      storage: StorageDriver;
      pool: ConversionPool;
      analysis: AnalysisService;
      batch: BatchService;
    },
  ) {}

  async analyze(userId: string, jobId: string, fileIds: readonly string[] | undefined): Promise<BatchAnalyzeResponse> {
    const job = await this.deps.batch.owned(userId, jobId);
    const wanted = fileIds ? new Set(fileIds) : undefined;
    const files = (await this.deps.repository.filesOf([job.id])).filter(
      (file) => file.status === 'completed' && (!wanted || wanted.has(file.id)),
    );
    const engines = job.options as JobEngineSettings;
    const results: BatchFileAnalysis[] = [];
    // One after another: each comparison holds both texts (up to 20 MB each) in memory.
    for (const file of files) {
      const outcome = await this.analyzeFile(file, engines);
      if (outcome.analysis)
        await this.deps.repository.saveQuality(file.id, outcome.analysis, outcome.analysis.quality_score);
      results.push({ file_id: file.id, file_name: file.fileName, ...outcome });
    }
    return { results, job: describeJob(job, await this.deps.repository.filesOf([job.id])) };
  }

  private async analyzeFile(
    file: BatchFileRow,
    engines: JobEngineSettings,
  ): Promise<Pick<BatchFileAnalysis, 'analysis' | 'error'>> {
    if (file.outputFormat === 'xlsx')
      return { analysis: null, error: `${BATCH_TEXTS.noCsvContent}: XLSX results are not text` };
    if (!comparableSize(file.fileSize) || !comparableSize(file.resultSize ?? COMPARE_MAX_BYTES)) {
      return { analysis: null, error: `${BATCH_TEXTS.comparisonFailed}: only files under 20 MB can be compared` };
    }
    let original: Uint8Array;
    let result: Uint8Array;
    try {
      original = await this.read(file.originalKey);
    } catch {
      return { analysis: null, error: BATCH_TEXTS.originalNotFound };
    }
    try {
      result = await this.read(file.resultKey);
    } catch {
      return { analysis: null, error: BATCH_TEXTS.noCsvContent };
    }
    const fromJson = file.inputFormat === 'json';
    const engine = engines.json;
    const delimiter =
      file.outputFormat === 'tsv' ? '\t' : engine?.direction === 'json-to-csv' ? engine.delimiter : undefined;
    try {
      const compared = await this.deps.pool.compare({
        originalJson: fromJson ? original : result,
        convertedCsv: fromJson ? result : original,
        ...(fromJson && delimiter !== undefined ? { delimiter } : {}),
        // The results were written with the job's options: the guard is undone as it was added.
        ...(fromJson && engine?.direction === 'json-to-csv' ? { excelSafe: engine.excelSafe } : {}),
      });
      return { analysis: this.deps.analysis.fileQuality(compared), error: null };
    } catch (error) {
      if (error instanceof ConversionError) {
        return { analysis: null, error: engineFailureText(error, BATCH_TEXTS.reconvertFailed) };
      }
      return { analysis: null, error: BATCH_TEXTS.comparisonFailed };
    }
  }

  private async read(key: string): Promise<Uint8Array> {
    return buffer(await this.deps.storage.get(key));
  }
}
