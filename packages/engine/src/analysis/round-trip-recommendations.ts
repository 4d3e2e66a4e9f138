import { formatBytes } from '../json/record-sets.js';
import { plural } from './evidence.js';
import type { Advice, ComparisonCounts, Difference, DifferenceKind, PathComparison } from './report.js';
import { wellFormed } from './utf8-text.js';

function first(
  differences: readonly Difference[],
  kind: DifferenceKind,
  which: (difference: Difference) => boolean = () => true,
): string {
  const found = differences.find((difference) => difference.kind === kind && which(difference));
  if (found === undefined) return '';
  return ` (first: record ${found.record}, '${found.path}': ${found.original ?? 'absent'} → ${found.reconverted ?? 'absent'})`;
}

/**
 * What to do about each kind of loss the counts show, with the first example; empty when nothing was lost.
 * Each names its cause and the setting that fixes it (`option`), in words every face of the product shares:
 * the CLI adds its flag, the web app links to its control.
 */
export function roundTripAdvice(
  counts: ComparisonCounts,
  paths: PathComparison,
  differences: readonly Difference[],
): Advice[] {
  const advice: Advice[] = [];
  const add = (cause: string, text: string, option: Advice['option'] = null) => advice.push({ cause, text, option });
  if (paths.leftOutParts > 0) {
    const named = paths.leftOut.slice(0, 3).map((part) => `${part.path} (${formatBytes(part.bytes)})`);
    add(
      'left_out',
      `${plural(counts.leftOutValues, 'value', 'values')} of the document ${counts.leftOutValues === 1 ? 'was' : 'were'} left out of the conversion, outside the records (${named.join(', ')}): convert ${paths.leftOutParts === 1 ? 'that part' : 'those parts'} too with another records path, or keep the JSON.`,
    );
  }
  if (counts.originalRecords !== counts.reconvertedRecords) {
    add(
      'records',
      `The original has ${plural(counts.originalRecords, 'record', 'records')} and the CSV gives back ${counts.reconvertedRecords}: rows were added or removed after conversion, or the CSV belongs to another file.`,
    );
  }
  // The parts left out are counted as lost paths too, and named above.
  const lost = paths.lost - paths.leftOutParts;
  if (lost > 0) {
    add(
      'lost_fields',
      `${plural(lost, 'field is', 'fields are')} missing from the CSV (${paths.lostPaths.slice(0, Math.min(3, lost)).join(', ')}): convert again without dropping columns, and keep the same nested-key separator.`,
      'separator',
    );
  }
  if (paths.gained > 0) {
    add(
      'gained_fields',
      `${plural(paths.gained, 'field appears', 'fields appear')} that the original does not have (${paths.gainedPaths.slice(0, 3).join(', ')}): check the CSV was not edited, and read it back with the separator it was written with.`,
      'separator',
    );
  }
  if (counts.guardLeft > 0) {
    add(
      'formula_guard',
      `${plural(counts.guardLeft, 'value', 'values')} came back with the ' that the Spreadsheet-safe guard put in front of text a spreadsheet would run as a formula${first(differences, 'value', guardLeft)}: the CSV was written with the guard; read it back with the guard undone, or convert without Spreadsheet-safe if no spreadsheet opens the file.`,
      'excel_safe',
    );
  }
  if (counts.typeChanged > 0) {
    add(
      'type_changed',
      `${plural(counts.typeChanged, 'value', 'values')} came back with another JSON type${first(differences, 'type')}: text that reads as a number, true, false or null lost its quotes in the CSV; read such columns back as text (types off), or store the values in their real type.`,
      'types',
    );
  }
  if (counts.loneSurrogates > 0 || counts.loneSurrogateKeys > 0) {
    // With keys as well, each kind names its first example beside it; strings alone name theirs at the end.
    const key = paths.loneSurrogateKeys[0];
    const value = first(differences, 'value', loneSurrogate);
    const held: string[] = [];
    if (counts.loneSurrogates > 0) held.push(plural(counts.loneSurrogates, 'string', 'strings') + (key ? value : ''));
    if (key) {
      held.push(
        `${plural(counts.loneSurrogateKeys, 'key', 'keys')} (first: record ${key.record}, "${key.key}", written '${key.path}' in the header)`,
      );
    }
    const example = key ? '' : value;
    add(
      'lone_surrogates',
      `${held.join(' and ')} of the original held a lone UTF-16 surrogate escape (such as \\ud800, half of an emoji cut apart), which UTF-8 cannot hold${example}: the conversion wrote U+FFFD (\u{FFFD}) in its place and said so; fix the text at its source if it matters.`,
    );
  }
  const otherChanges = counts.valueChanged - counts.guardLeft - counts.loneSurrogates;
  if (otherChanges > 0) {
    add(
      'value_changed',
      `${plural(otherChanges, 'value', 'values')} came back with different text${first(differences, 'value', (difference) => !guardLeft(difference) && !loneSurrogate(difference))}: the CSV was changed after conversion, for instance by a spreadsheet that rounded long numbers or reformatted dates; import those columns as text.`,
    );
  }
  if (counts.emptied > 0) {
    add(
      'emptied',
      `${plural(counts.emptied, 'value', 'values')} came back empty${first(differences, 'emptied')}: check whether cells were cleared, or whether arrays of nulls were written (CSV cannot tell them from an empty cell).`,
    );
  }
  if (counts.missing > 0 && paths.lost === 0) {
    add(
      'missing',
      `${plural(counts.missing, 'value is', 'values are')} missing${first(differences, 'missing')}: arrays come back without trailing null elements; keep such arrays in one cell with Arrays set to JSON text.`,
      'array_strategy',
    );
  }
  if (counts.addedValue > 0) {
    add(
      'added_value',
      `${plural(counts.addedValue, 'value', 'values')} appear that the original records did not hold${first(differences, 'added')}: check for edits to the CSV.`,
    );
  }
  if (counts.addedNull > 0) {
    add(
      'added_null',
      `${plural(counts.addedNull, 'key', 'keys')} absent from their original record came back as null, because every CSV row has every column: treat null as absent when you use the data.`,
    );
  }
  return advice;
}

/** Whether a listed value difference is the guard's `'` left in front (both sides are JSON text). */
function guardLeft({ original, reconverted }: Difference): boolean {
  return original?.startsWith('"') === true && reconverted === `"'${original.slice(1)}`;
}

/** Whether a difference is a string that came back with U+FFFD for its lone surrogates. */
function loneSurrogate({ original, reconverted }: Difference): boolean {
  if (original?.startsWith('"') !== true || reconverted?.startsWith('"') !== true) return false;
  const text = JSON.parse(original) as string;
  return text !== wellFormed(text) && reconverted === JSON.stringify(wellFormed(text));
}
