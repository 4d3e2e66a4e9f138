import { BATCH_FILE_EXTENSIONS, BATCH_MAX_FILE_BYTES, BATCH_TEXTS } from '@unnest/contracts';
import { formatBytes } from '../lib/format-size';

/** What the plan allows in one batch, from the subscription (`-1` means unlimited). */
export interface BatchAllowance {
  /** Files per batch: 0 none, -1 unlimited. */
  batchSize: number;
  /** The plan's own file size limit in MB (-1 unlimited): a batch keeps a larger one. */
  fileSizeLimitMb: number;
}

/** How files reached the page: the picker or a drop (the count message says which). */
export type SelectionSource = 'selected' | 'dropped';

/** The outcome of adding files to a selection: the new list, or why nothing was added. */
export type SelectionOutcome = { ok: true; files: File[] } | { ok: false; error: string };

/** The per-file limit in bytes for a plan: 100 MB, or the plan's own limit when larger; null when unlimited. */
export function perFileLimitBytes(allowance: BatchAllowance): number | null {
  if (allowance.fileSizeLimitMb === -1) return null;
  return Math.max(BATCH_MAX_FILE_BYTES, allowance.fileSizeLimitMb * 1024 * 1024);
}

/** What the plan allows in one batch, said under the drop zone: "Up to 25 files, 1 GB each". */
export function limitsText(allowance: BatchAllowance): string {
  const count = allowance.batchSize === -1 ? 'Any number of files' : `Up to ${allowance.batchSize} files`;
  const size = perFileLimitBytes(allowance);
  return size === null ? count : `${count}, ${formatBytes(size)} each`;
}

/** The name ends with a batch input extension (`.json` or `.csv`, any case). */
export function isBatchInputName(name: string): boolean {
  const lower = name.toLowerCase();
  return BATCH_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

function fileKey(file: File): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/**
 * Adds chosen or dropped files to the current selection, checked by the spec's batch rules (section 5)
 * with the plan's numbers: files per batch, `.json`/`.csv` names only, the per-file size. A file with
 * the same name, size and date as one already listed is not added twice. All or nothing, so that the
 * message is about the files just offered.
 */
export function addToSelection(
  current: readonly File[],
  offered: readonly File[],
  source: SelectionSource,
  allowance: BatchAllowance,
): SelectionOutcome {
  const known = new Set(current.map(fileKey));
  const fresh = offered.filter((file) => !known.has(fileKey(file)));
  const total = current.length + fresh.length;
  if (allowance.batchSize !== -1 && total > allowance.batchSize) {
    const tooMany = source === 'selected' ? BATCH_TEXTS.tooManySelected : BATCH_TEXTS.tooManyDropped;
    return { ok: false, error: tooMany(allowance.batchSize, total) };
  }
  const wrongType = fresh.filter((file) => !isBatchInputName(file.name)).length;
  if (wrongType > 0) return { ok: false, error: BATCH_TEXTS.wrongType(wrongType) };
  const limit = perFileLimitBytes(allowance);
  const oversized = limit === null ? 0 : fresh.filter((file) => file.size > limit).length;
  if (limit !== null && oversized > 0)
    return { ok: false, error: BATCH_TEXTS.oversized(formatBytes(limit), oversized) };
  return { ok: true, files: [...current, ...fresh] };
}
