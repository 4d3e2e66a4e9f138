import { formatBytes } from '../json/record-sets.js';
import { plural } from './evidence.js';
import type { ComparisonCounts, Difference, DifferenceKind, PathComparison } from './report.js';

function first(differences: readonly Difference[], kind: DifferenceKind): string {
  const found = differences.find((difference) => difference.kind === kind);
  if (found === undefined) return '';
  return ` (first: record ${found.record}, '${found.path}': ${found.original ?? 'absent'} → ${found.reconverted ?? 'absent'})`;
}

/** What to do about each kind of loss the counts show, with the first example; empty when nothing was lost. */
export function roundTripRecommendations(
  counts: ComparisonCounts,
  paths: PathComparison,
  differences: readonly Difference[],
): string[] {
  const advice: string[] = [];
  if (paths.leftOutParts > 0) {
    const named = paths.leftOut.slice(0, 3).map((part) => `${part.path} (${formatBytes(part.bytes)})`);
    advice.push(
      `${plural(counts.leftOutValues, 'value', 'values')} of the document ${counts.leftOutValues === 1 ? 'was' : 'were'} left out of the conversion, outside the records (${named.join(', ')}): convert ${paths.leftOutParts === 1 ? 'that part' : 'those parts'} too with another records path (--records), or keep the JSON.`,
    );
  }
  if (counts.originalRecords !== counts.reconvertedRecords) {
    advice.push(
      `The original has ${plural(counts.originalRecords, 'record', 'records')} and the CSV gives back ${counts.reconvertedRecords}: rows were added or removed after conversion, or the CSV belongs to another file.`,
    );
  }
  // The parts left out are counted as lost paths too, and named above.
  const lost = paths.lost - paths.leftOutParts;
  if (lost > 0) {
    advice.push(
      `${plural(lost, 'field is', 'fields are')} missing from the CSV (${paths.lostPaths.slice(0, Math.min(3, lost)).join(', ')}): convert again without dropping columns, and keep the same --separator.`,
    );
  }
  if (paths.gained > 0) {
    advice.push(
      `${plural(paths.gained, 'field appears', 'fields appear')} that the original does not have (${paths.gainedPaths.slice(0, 3).join(', ')}): check the CSV was not edited, and read it back with the separator it was written with.`,
    );
  }
  if (counts.typeChanged > 0) {
    advice.push(
      `${plural(counts.typeChanged, 'value', 'values')} came back with another JSON type${first(differences, 'type')}: read text columns back with csv2json --no-types, or store such values in their real type.`,
    );
  }
  if (counts.valueChanged > 0) {
    advice.push(
      `${plural(counts.valueChanged, 'value', 'values')} came back with different text${first(differences, 'value')}: a spreadsheet may have rounded long numbers or reformatted dates; import those columns as text.`,
    );
  }
  if (counts.emptied > 0) {
    advice.push(
      `${plural(counts.emptied, 'value', 'values')} came back empty${first(differences, 'emptied')}: check whether cells were cleared, or whether arrays of nulls were written (CSV cannot tell them from an empty cell).`,
    );
  }
  if (counts.missing > 0 && paths.lost === 0) {
    advice.push(
      `${plural(counts.missing, 'value is', 'values are')} missing${first(differences, 'missing')}: arrays come back without trailing null elements; keep such arrays in one cell with --arrays json.`,
    );
  }
  if (counts.addedValue > 0) {
    advice.push(
      `${plural(counts.addedValue, 'value', 'values')} appear that the original records did not hold${first(differences, 'added')}: check for edits to the CSV.`,
    );
  }
  if (counts.addedNull > 0) {
    advice.push(
      `${plural(counts.addedNull, 'key', 'keys')} absent from their original record came back as null, because every CSV row has every column: treat null as absent when you use the data.`,
    );
  }
  return advice;
}
