import type { ArrayStrategyName } from '@unnest/contracts';

/** The delimiters offered wherever conversion options are chosen (the converter and the default settings). */
export const DELIMITER_CHOICES = [
  { value: ',', label: 'Comma ( , )' },
  { value: ';', label: 'Semicolon ( ; )' },
  { value: 'tab', label: 'Tab' },
  { value: '|', label: 'Pipe ( | )' },
];

/** The array strategies, named by what they do to `tags: ["a", "b"]`. */
export const ARRAY_CHOICES: { value: ArrayStrategyName; label: string }[] = [
  { value: 'index', label: 'Columns by index (tags.0, tags.1)' },
  { value: 'json', label: 'JSON text in one cell' },
  { value: 'join', label: 'Joined in one cell' },
  { value: 'explode', label: 'One row per item' },
];
