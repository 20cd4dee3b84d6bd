import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/**
 * Spreadsheet downloads of back-office lists (enquiries, newsletter sign-ups): CSV that Excel opens
 * with Persian text intact (UTF-8 with a byte order mark, every cell quoted when needed, CRLF) and
 * formula-safe (a cell starting with = + - @ or a tab/carriage return is prefixed with ' so Excel
 * shows it as text instead of running it), or XLSX written as a stream by ExcelJS (text cells are
 * never formulas there). Rows come from an async source a batch at a time, so memory stays flat.
 */

export type Cell = string | number | Date | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function formulaSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  return typeof cell === 'number' ? String(cell) : formulaSafe(cell);
}

export function csvStream(header: string[], rows: AsyncIterable<Cell[][]>): Readable {
  const out = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[",\r\n]/ });
  void (async () => {
    try {
      out.write(header.map(formulaSafe));
      for await (const batch of rows) {
        for (const row of batch) {
          if (!out.write(row.map(csvCell))) await new Promise((resolve) => out.once('drain', resolve));
        }
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

export function xlsxStream(
  sheetName: string,
  header: string[],
  rows: AsyncIterable<Cell[][]>,
  rtl: boolean,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, {
    views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = header.map((title) => ({ header: title, width: Math.max(12, title.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const batch of rows) {
        for (const row of batch) sheet.addRow(row.map((c) => c ?? '')).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
