import path from 'node:path';
import { AppError } from './errors.js';

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

/**
 * The input formats the server converts, known from the file name: JSON to a table, and a table back to
 * JSON (a CSV, or a ZIP of linked tables from a relational conversion).
 */
export type InputFormat = 'json' | 'csv' | 'zip';

/** The input format a file name declares; UNSUPPORTED_FILE_TYPE for anything but .json, .csv and .zip. */
export function inputFormatOf(filename: string): InputFormat {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.zip')) return 'zip';
  throw new AppError('UNSUPPORTED_FILE_TYPE');
}
