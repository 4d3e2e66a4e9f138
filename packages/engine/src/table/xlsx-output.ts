import { ConversionError } from '../errors.js';
import { columnLetters } from '../flatten/row-buffer.js';
import { ByteBuilder } from '../json/byte-builder.js';
import { escapeXlsxText } from './xlsx-cells.js';
import { checkCellLength, tooManyRows, XLSX_MAX_COLUMNS, XLSX_MAX_ROWS } from './xlsx-limits.js';

const encoder = new TextEncoder();

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
export const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** The header row of the sheet, each name an inline string. */
export function headerRow(headers: readonly string[]): Uint8Array {
  if (headers.length === 0) return new Uint8Array(0);
  const out = new ByteBuilder();
  out.appendAscii('<row r="1">');
  for (const [col, name] of headers.entries()) {
    const bytes = encoder.encode(name);
    checkCellLength(bytes, `The header of column ${columnLetters(col)}`);
    out.appendAscii(`<c r="${columnLetters(col)}1" t="inlineStr"><is><t xml:space="preserve">`);
    out.reserve(bytes.length * 7);
    out.length = escapeXlsxText(bytes, out.bytes, out.length);
    out.appendAscii('</t></is></c>');
  }
  out.appendAscii('</row>');
  return out.view();
}

/**
 * The final .xlsx: a zip with the content types, relationships, workbook and one sheet whose first row is
 * the header and whose other `rows` rows are the spooled `<row>` elements, deflated as they stream through.
 * A sheet past Excel's limits fails before any byte is written.
 */
export async function* xlsxOutput(
  spool: AsyncIterable<Uint8Array>,
  headers: readonly string[],
  rows: number,
): AsyncGenerator<Uint8Array> {
  if (headers.length > XLSX_MAX_COLUMNS) {
    throw new ConversionError(
      'TOO_MANY_COLUMNS',
      `${headers.length} columns do not fit in a sheet (at most ${XLSX_MAX_COLUMNS})`,
    );
  }
  // The cell writer stops at the first record past the limit; rows without any cell (`{}`) reach here.
  if (rows + 1 > XLSX_MAX_ROWS) throw tooManyRows();
  // Loaded on first use: CSV, the common case, then never pays for parsing the zip library at start-up.
  const { Zip, ZipDeflate } = await import('fflate');
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const drain = (): Uint8Array[] => {
    if (failure !== null) throw failure;
    return out.splice(0, out.length);
  };
  const small = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(text), true);
  };
  small('[Content_Types].xml', CONTENT_TYPES);
  small('_rels/.rels', ROOT_RELS);
  small('xl/workbook.xml', WORKBOOK);
  small('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  sheet.push(encoder.encode(SHEET_HEAD));
  sheet.push(headerRow(headers));
  yield* drain();
  for await (const chunk of spool) {
    sheet.push(chunk);
    yield* drain();
  }
  sheet.push(encoder.encode(SHEET_TAIL), true);
  zip.end();
  yield* drain();
}
