import type { ByteSource } from '../byte-source.js';
import { normalizeJsonToCsvOptions } from '../options.js';
import { AnalysisCollector } from './analysis-collector.js';
import { readRecords } from './record-reader.js';
import type { AnalysisOptions, AnalysisReport } from './report.js';

/**
 * Reads a JSON document (every form json2csv accepts) in one streaming pass and reports its schema,
 * quality issues and smart column names. Input errors reject with the same positioned ConversionError
 * json2csv gives; options are checked as json2csv checks them.
 */
export async function analyzeJson(input: ByteSource, options: AnalysisOptions = {}): Promise<AnalysisReport> {
  const checked = normalizeJsonToCsvOptions({
    separator: options.separator,
    recordsPath: options.recordsPath,
    maxDepth: options.maxDepth,
  });
  const collector = new AnalysisCollector(checked.separator, { maxPaths: options.maxPaths });
  await readRecords(
    input,
    {
      separator: checked.separator,
      recordsPath: checked.recordsPath,
      // An object at the records path is a map of records, as json2csv reads it.
      recordsMap: checked.recordsPath !== undefined,
      maxDepth: checked.maxDepth,
      onProgress: options.onProgress,
    },
    collector,
  );
  return collector.report();
}
