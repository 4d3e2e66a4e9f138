import { ConversionError } from '../errors.js';
import { tooManyRows, XLSX_MAX_COLUMNS, XLSX_MAX_ROWS } from '../table/xlsx-limits.js';
import { headerRow, ROOT_RELS, SHEET_HEAD, SHEET_TAIL } from '../table/xlsx-output.js';
import { type ZipEntry, zipOutput } from './zip-output.js';

/** One sheet: its name, its header, and its spooled `<row>` elements. */
export interface Sheet {
  name: string;
  headers: readonly string[];
  rows: number;
  spool: AsyncIterable<Uint8Array>;
}

const encoder = new TextEncoder();
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Text as XML attribute content. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Excel's rules for a sheet name: at most 31 characters, none of `[]:*?/\`, unique ignoring case. */
export function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
    let sheet = base;
    for (let n = 2; used.has(sheet.toLowerCase()); n++) sheet = `${base.slice(0, 31 - String(n).length - 1)}_${n}`;
    used.add(sheet.toLowerCase());
    return sheet;
  });
}

async function* sheetBytes(sheet: Sheet): AsyncGenerator<Uint8Array> {
  yield encoder.encode(SHEET_HEAD);
  yield headerRow(sheet.headers);
  yield* sheet.spool;
  yield encoder.encode(SHEET_TAIL);
}

/**
 * One .xlsx with a sheet per table (the single-table writer's parts, with one worksheet each), deflated as
 * the spooled rows stream through. A sheet past Excel's limits fails before any byte is written.
 */
export function xlsxWorkbook(sheets: readonly Sheet[]): AsyncGenerator<Uint8Array> {
  for (const sheet of sheets) {
    if (sheet.headers.length > XLSX_MAX_COLUMNS) {
      throw new ConversionError(
        'TOO_MANY_COLUMNS',
        `${sheet.headers.length} columns do not fit in the sheet ${sheet.name} (at most ${XLSX_MAX_COLUMNS})`,
      );
    }
    if (sheet.rows + 1 > XLSX_MAX_ROWS) throw tooManyRows();
  }
  const numbered = sheets.map((sheet, n) => ({ sheet, part: `sheet${n + 1}.xml`, id: `rId${n + 1}` }));
  const contentTypes = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${numbered.map(({ part }) => `<Override PartName="/xl/worksheets/${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`;
  const workbook = `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${numbered.map(({ sheet, id }, n) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${n + 1}" r:id="${id}"/>`).join('')}</sheets></workbook>`;
  const workbookRels = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${numbered.map(({ part, id }) => `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/${part}"/>`).join('')}</Relationships>`;
  const text = (name: string, body: string): ZipEntry => ({ name, data: [encoder.encode(body)] });
  return zipOutput([
    text('[Content_Types].xml', contentTypes),
    text('_rels/.rels', ROOT_RELS),
    text('xl/workbook.xml', workbook),
    text('xl/_rels/workbook.xml.rels', workbookRels),
    ...numbered.map(({ sheet, part }) => ({ name: `xl/worksheets/${part}`, data: sheetBytes(sheet) })),
  ]);
}
