import type { DialectReport } from '@unnest/engine';

const NAMED: Record<string, string> = { '\t': 'tab', ' ': 'space' };

function shown(text: string): string {
  return NAMED[text] ?? `'${text}'`;
}

/**
 * One line saying how a CSV was read, each sniffed part marked so, e.g.
 * `read as delimiter ', ' (sniffed), quote '"' (sniffed), no escape (sniffed), 2 rows skipped before the header (sniffed), 1 header row, utf-8; confidence 0.93`.
 */
export function describeDialect(dialect: DialectReport): string {
  const how = (part: DialectReport['given'][number]) => (dialect.given.includes(part) ? '' : ' (sniffed)');
  const parts = [
    `delimiter ${shown(dialect.delimiter)}${how('delimiter')}`,
    `quote ${shown(dialect.quote)}${how('quote')}`,
    `${dialect.escape === null ? 'no escape' : `escape ${shown(dialect.escape)}`}${how('escape')}`,
    `${dialect.skipRows} row${dialect.skipRows === 1 ? '' : 's'} skipped before the header${how('skipRows')}`,
    `${dialect.headerRows} header row${dialect.headerRows === 1 ? '' : 's'}`,
    `${dialect.encoding}${how('encoding').replace('sniffed', 'detected')}`,
  ];
  return `read as ${parts.join(', ')}; confidence ${dialect.confidence}`;
}
