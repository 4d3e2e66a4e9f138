import {
  ANALYSIS_TEXTS,
  type CompareAnalysisBody,
  type CompareAnalysisResponse,
  type ConversionAnalysisFields,
  comparableSize,
  delimiterFromSetting,
  type FileQualityAnalysis,
  type RoundTripTestQuery,
  type RoundTripTestResponse,
} from '@unnest/contracts';
import type { AnalysisReport, SmartHeader as EngineSmartHeader, FlattenPlan } from '@unnest/engine';
import type { FilesService } from '../files/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { Account } from '../platform/account.js';
import type { ConversionPool } from '../platform/conversion-pool.js';
import type { AnalysisOutcome, Comparison } from '../platform/conversion-tasks.js';
import { engineFailure } from '../platform/engine-errors.js';
import { AppError } from '../platform/errors.js';
import { checkedPlan, planFromField } from '../platform/flatten-plan-field.js';
import type { Logger } from '../platform/logger.js';
import { aiAnalysis, conversionAnalysisFields } from './analysis-fields.js';
import { comparisonAnalysis, fileQualityAnalysis } from './comparison-answer.js';

/**
 * Something that may improve the built-in column names (a language model); it gets the report and
 * answers names for the same paths. It is given `timeoutMs` and abandoned after it.
 */
export interface HeaderRefiner {
  refine(report: AnalysisReport, signal: AbortSignal): Promise<EngineSmartHeader[]>;
  timeoutMs: number;
}

const encoder = new TextEncoder();

/** The premium analysis: the conversion's schema and quality report, and the round-trip comparison. */
export class AnalysisService {
  constructor(
    private readonly deps: {
      /** A conversion credit pays for the analysis when the plan does not include it. */
      payments: PaymentsService;
      files: FilesService;
      log: Logger;
      /** Runs the comparison off the HTTP thread. */
      pool: ConversionPool;
      refiner?: HeaderRefiner;
    },
  ) {}

  /**
   * What pays for a comparison: the plan, or one conversion credit spent now (refused with the way to
   * buy credits when none is left). Returns what gives the credit back if the work fails.
   */
  private async payFor(account: Account): Promise<() => Promise<void>> {
    // The plan includes the analysis when it is premium (computed from the plan by the server).
    if (account.isPremium) return async () => {};
    return this.deps.payments.spendCredit(
      account.id,
      new AppError('FORBIDDEN', { detail: ANALYSIS_TEXTS.premiumRequired }),
    );
  }

  /**
   * The analysis fields of a finished conversion from the report its worker made in the same pass, with
   * the model's names when one answers in time. Never rejects: a failed analysis answers
   * `ai_analysis: {error}` (and no invented report), since the conversion stands.
   */
  async conversionFields(analysis: AnalysisOutcome): Promise<ConversionAnalysisFields> {
    if ('error' in analysis) {
      this.deps.log.warn({ reason: analysis.error }, 'analysis of a conversion failed');
      return { ai_analysis: { error: analysis.error } };
    }
    try {
      const refined = await this.refinedHeaders(analysis.report);
      return conversionAnalysisFields(analysis.report, refined ?? analysis.report.smartHeaders, refined !== null);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'analysis of a conversion failed');
      return { ai_analysis: { error: 'The analysis could not be completed.' } };
    }
  }

  /** Names from the refiner within its timeout, or null (no refiner, too slow, or failed). */
  private async refinedHeaders(report: AnalysisReport): Promise<EngineSmartHeader[] | null> {
    const refiner = this.deps.refiner;
    if (!refiner || report.fields.length === 0) return null;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(null);
      }, refiner.timeoutMs);
    });
    try {
      const names = await Promise.race([refiner.refine(report, controller.signal), timeout]);
      // Only a complete answer for the same columns replaces the built-in names.
      if (names === null || names.length !== report.smartHeaders.length) return null;
      return names.every((header, i) => header.path === report.smartHeaders[i]?.path) ? names : null;
    } catch (error) {
      this.deps.log.warn({ err: error }, 'column name refinement failed; the built-in names stand');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * POST /api/convert/compare-analysis: the original JSON against the JSON read back from its CSV, for
   * a stored file of the user or for texts sent, each under 20 MB. Premium, or one conversion credit
   * (taken once the request is found valid, given back if the comparison fails).
   */
  async compare(account: Account, body: CompareAnalysisBody): Promise<CompareAnalysisResponse> {
    const { original, csv, plan, excelSafe } = await this.texts(account.id, body);
    const originalBytes = encoder.encode(original);
    const csvBytes = encoder.encode(csv);
    if (!comparableSize(originalBytes.length) || !comparableSize(csvBytes.length)) {
      throw new AppError('PAYLOAD_TOO_LARGE', { detail: ANALYSIS_TEXTS.tooLarge });
    }
    const giveBack = await this.payFor(account);
    try {
      const { comparison, report } = await this.deps.pool.compare({
        originalJson: originalBytes,
        convertedCsv: csvBytes,
        ...(body.delimiter === undefined ? {} : { delimiter: body.delimiter }),
        ...(plan === undefined ? {} : { plan }),
        excelSafe,
      });
      const analysis = comparisonAnalysis(comparison);
      return {
        analysis,
        quality_score: analysis.quality_score,
        file_quality: fileQualityAnalysis(comparison, aiAnalysis(report)),
      };
    } catch (error) {
      await giveBack().catch((giveBackError: unknown) =>
        this.deps.log.error({ err: giveBackError }, 'comparison credit not given back'),
      );
      throw engineFailure(error, ANALYSIS_TEXTS.comparisonFailed);
    }
  }

  /**
   * POST /api/convert/round-trip-test: JSON (under 20 MB) converted to CSV, read back and compared
   * with itself in one call, all in the worker pool. Paid like the comparison (premium, or one credit
   * given back if the work fails). With `excel_safe` the CSV is written with the formula guard and read back
   * with it undone, as a web round trip does; without, the guard is off.
   */
  async roundTrip(account: Account, json: Uint8Array, query: RoundTripTestQuery): Promise<RoundTripTestResponse> {
    const delimiter = delimiterFromSetting(query.delimiter ?? ',');
    if (delimiter === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        detail: 'The delimiter must be one character (not a quote or a line break), or "tab"',
      });
    }
    const arrays = query.array_strategy ?? 'index';
    const excelSafe = query.excel_safe === true || query.excel_safe === 'true';
    const plan = planFromField(query.plan);
    const planned = plan === undefined ? {} : { plan };
    if (json.length === 0) throw new AppError('VALIDATION_FAILED', { detail: ANALYSIS_TEXTS.nothingToCompare });
    const giveBack = await this.payFor(account);
    try {
      const csv = await this.deps.pool.toBytes(
        {
          direction: 'json-to-csv',
          format: 'csv',
          delimiter,
          arrays,
          bom: false,
          excelSafe,
          analysis: false,
          ...planned,
        },
        json,
      );
      if (!comparableSize(csv.length)) throw new AppError('PAYLOAD_TOO_LARGE', { detail: ANALYSIS_TEXTS.tooLarge });
      const { comparison, report } = await this.deps.pool.compare({
        originalJson: json,
        convertedCsv: csv,
        delimiter,
        excelSafe,
        ...planned,
      });
      const analysis = comparisonAnalysis(comparison);
      return {
        analysis,
        quality_score: analysis.quality_score,
        file_quality: fileQualityAnalysis(comparison, aiAnalysis(report)),
        original_size: json.length,
        converted_size: csv.length,
        delimiter,
        array_strategy: arrays,
        excel_safe: excelSafe,
      };
    } catch (error) {
      await giveBack().catch((giveBackError: unknown) =>
        this.deps.log.error({ err: giveBackError }, 'round-trip credit not given back'),
      );
      throw engineFailure(error, ANALYSIS_TEXTS.comparisonFailed);
    }
  }

  /** The per-file quality analysis (spec 3, batch shape) of a comparison the pool made. */
  fileQuality(result: Comparison): FileQualityAnalysis {
    return fileQualityAnalysis(result.comparison, aiAnalysis(result.report));
  }

  /**
   * The two texts to compare, and the options the CSV was written with: a stored file's own (its plan and its
   * formula guard), or those sent with the texts.
   */
  private async texts(
    userId: string,
    body: CompareAnalysisBody,
  ): Promise<{ original: string; csv: string; plan?: FlattenPlan; excelSafe: boolean }> {
    if (body.file_id !== undefined) {
      const data = await this.deps.files.compareData(userId, body.file_id);
      const plan = data.plan === undefined ? {} : { plan: checkedPlan(data.plan) };
      return { original: data.original_json, csv: data.converted_csv, excelSafe: data.excel_safe, ...plan };
    }
    const csv = body.csv_data ?? body.csv_content;
    if (body.original_json === undefined || csv === undefined) {
      throw new AppError('VALIDATION_FAILED', { detail: ANALYSIS_TEXTS.nothingToCompare });
    }
    return {
      original: body.original_json,
      csv,
      excelSafe: body.excel_safe === true,
      ...(body.plan === undefined ? {} : { plan: checkedPlan(body.plan) }),
    };
  }
}
