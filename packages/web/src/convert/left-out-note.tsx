import Alert from '@mui/material/Alert';
import type { ConversionResult } from '@unnest/contracts';
import { formatCount } from '../lib/format-count';
import { formatBytes } from '../lib/format-size';

/**
 * What the conversion did not convert: the members of the wrapper objects around the records (metadata,
 * other lists), by name and size, so that nothing is lost without a word.
 */
export function LeftOutNote({ response }: { response: ConversionResult }) {
  const leftOut = response.left_out;
  if (leftOut === null) return null;
  const named = leftOut.parts.map((part) => `${part.path} (${formatBytes(part.bytes)})`);
  const more = leftOut.count - leftOut.parts.length;
  if (more > 0) named.push(`${formatCount(more)} more`);
  const where = response.records_path === null ? 'the records' : `the records at ${response.records_path}`;
  return (
    <Alert severity="warning">
      Left out of the conversion: {named.join(', ')}. The file holds {where} ({formatBytes(leftOut.records_bytes)});
      these {leftOut.count === 1 ? 'part is' : `${formatCount(leftOut.count)} parts are`} not in it (
      {formatBytes(leftOut.bytes)}). To convert another part, name it as the records path (the API option `records`, the
      CLI flag --records).
    </Alert>
  );
}
