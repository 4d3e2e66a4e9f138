import type { AdviceOption, AnalysisReport, ComparisonReport, FieldReport } from '@unnest/engine';

function typesOf(field: FieldReport): string {
  return Object.entries(field.types)
    .filter(([, count]) => count > 0)
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');
}

function meaning(field: FieldReport): string {
  if (field.semantic === null) return '';
  const format = field.semantic.format === undefined ? '' : ` ${field.semantic.format}`;
  return ` [${field.semantic.type}${format}]`;
}

/** The analysis report as a short readable summary. */
export function analysisText(report: AnalysisReport): string {
  const lines = [
    `${report.records} records, ${report.columns} columns, depth ${report.maxDepth}, ${report.complexity} (${report.complexityReason})`,
    '',
    'Columns:',
    ...report.fields.map((field, k) => {
      const name = report.smartHeaders[k]?.name ?? field.path;
      const distinct = `${field.distinct.exact ? '' : '~'}${field.distinct.estimate} distinct`;
      const gaps = [
        field.nulls > 0 ? `${field.nulls} null` : '',
        field.empty > 0 ? `${field.empty} empty` : '',
        field.missing > 0 ? `${field.missing} missing` : '',
      ].filter((part) => part !== '');
      return `  ${field.path} "${name}": ${typesOf(field) || 'no values'}${meaning(field)}; ${distinct}${gaps.length > 0 ? `; ${gaps.join(', ')}` : ''}`;
    }),
    '',
  ];
  if (report.issues.length === 0) lines.push('No data quality issues detected.');
  else {
    lines.push(`Issues (${report.issues.length}):`);
    for (const issue of report.issues) {
      lines.push(`  ${issue.severity} ${issue.kind}: ${issue.message}`);
      if (issue.examples.length > 0) lines.push(`    e.g. ${issue.examples.join(' | ')}`);
      lines.push(`    -> ${issue.recommendation}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The flag that each setting a piece of advice names is, on this command line. */
const OPTION_FLAGS: Record<AdviceOption, string> = {
  excel_safe: 'compare and csv2json --excel-safe; json2csv without --excel-safe',
  array_strategy: 'json2csv --arrays json',
  types: 'csv2json --no-types',
  separator: '--separator',
};

/** The comparison report as a short readable summary. */
export function comparisonText(report: ComparisonReport): string {
  const { counts, paths, scores } = report;
  const lines = [
    `Original: ${report.originalStructure}; read back: ${counts.reconvertedRecords} records, ${paths.reconverted} fields`,
    `Scores: quality ${scores.quality_score}, trust ${scores.trust_score}, integrity ${scores.data_integrity}, accuracy ${scores.accuracy_score}, structure ${scores.structure_preservation}, field mapping ${scores.field_mapping_accuracy}`,
    `Fields: ${paths.preserved} preserved, ${paths.lost} lost, ${paths.gained} gained`,
    `Values: ${counts.equal} of ${counts.originalValues} equal; ${counts.valueChanged} changed, ${counts.typeChanged} changed type, ${counts.emptied} emptied, ${counts.missing} missing, ${counts.addedValue} added, ${counts.addedNull} absent keys read back as null`,
  ];
  if (report.differencesTotal > 0) {
    lines.push('', `Differences (${report.differences.length} of ${report.differencesTotal} shown):`);
    for (const d of report.differences) {
      lines.push(
        `  record ${d.record} ${d.path}: ${d.kind}, ${d.original ?? 'absent'} -> ${d.reconverted ?? 'absent'}`,
      );
    }
  }
  if (counts.guarded > 0) {
    lines.push(
      '',
      `Guarded: ${counts.guarded} ${counts.guarded === 1 ? 'value has' : 'values have'} a ' before it in the CSV (--excel-safe), taken off on reading back:`,
      ...report.guardedValues.map((value) => `  record ${value.record} ${value.path}: ${JSON.stringify(value.value)}`),
    );
  }
  lines.push('');
  if (report.advice.length === 0) lines.push('The round trip is lossless.');
  else
    lines.push(
      'Recommendations:',
      ...report.advice.map((advice) => `  - ${advice.text}${advice.option ? ` (${OPTION_FLAGS[advice.option]})` : ''}`),
    );
  return `${lines.join('\n')}\n`;
}
