import path from 'node:path';

const MAX_NAME = 200;

/**
 * A user-supplied file name made safe to store and show: the last path segment only, no control
 * characters, at most 200 characters; `fallback` when nothing is left.
 */
export function cleanFilename(name: string | undefined, fallback: string): string {
  const base = path.posix.basename((name ?? '').replaceAll('\\', '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '' || clean === '.' || clean === '..') return fallback;
  return clean.length > MAX_NAME ? clean.slice(clean.length - MAX_NAME) : clean;
}

/** The result's name: the upload's name with the output format's extension. */
export function resultFilename(originalName: string, format: string): string {
  const extension = path.posix.extname(originalName);
  const stem = extension ? originalName.slice(0, -extension.length) : originalName;
  return `${stem || 'converted'}.${format}`;
}
