import { formatBytes } from '../lib/format-size';

/** Characters of each text the side-by-side view shows (spec 9). */
export const PREVIEW_CHARACTERS = 2000;

/** A text cut for the side-by-side view: the first 2,000 characters, then '...' when there is more. */
export function previewText(text: string): string {
  return text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS)}...` : text;
}

/** A text's UTF-8 size in the app's one size format (4.8 MB, not the spec's 4918.4 KB). */
export function textSize(text: string): string {
  return formatBytes(new TextEncoder().encode(text).length);
}

/** The name a comparison download is saved under: the prefix, then the file name with the right extension. */
export function downloadName(prefix: 'original_' | 'reconverted_' | 'comparison_', filename: string): string {
  const base = filename.replace(/\.[^./\\]+$/, '') || 'data';
  return `${prefix}${base}.json`;
}
