import { CsvError, parse, type Options } from 'csv-parse/sync';
import { unprocessable } from '../../../lib/errors.ts';

/**
 * CSV as Pocket and Instapaper export it (RFC 4180), read by csv-parse: fields separated by
 * commas, records by CRLF, LF or CR (mixed in one file too), fields in double quotes may hold
 * commas, line breaks and doubled quotes (`""`). As spreadsheet programs do, a quote inside an
 * unquoted field is kept as text, and a record may have fewer or more fields than the header.
 */
const CSV_OPTIONS: Options = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true,
  relax_column_count: true,
};

/**
 * The records of `text`, each an array of fields; a trailing line break gives no record.
 * @throws 422 when the file cannot be read as CSV: a quoted field that never closes.
 */
function parseCsv(text: string): string[][] {
  try {
    return parse(text, CSV_OPTIONS);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // `records` counts the records read before the broken one, the header line included.
    const row = (typeof error.records === 'number' ? error.records : 0) + 1;
    throw unprocessable(
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `This CSV file is damaged: a quoted field in row ${row} is never closed (a double quote opens it, none ends it).`
        : `This CSV file is damaged (row ${row}): ${error.message}.`,
    );
  }
}

/**
 * The records of a CSV file whose first line names its columns, as objects keyed by the
 * lower-cased, trimmed column names (a missing field is ''); records whose fields are all blank
 * are left out. Undefined when the header lacks one of `required`.
 * @throws 422 when the file cannot be read as CSV (see `parseCsv`).
 */
export function readCsvTable(
  text: string,
  required: readonly string[],
): Record<string, string>[] | undefined {
  const [header, ...rows] = parseCsv(text);
  const columns = header?.map((name) => name.trim().toLowerCase()) ?? [];
  if (!required.every((name) => columns.includes(name))) return undefined;
  return rows
    .filter((row) => row.some((field) => field.trim() !== ''))
    .map((row) => Object.fromEntries(columns.map((name, index) => [name, row[index] ?? ''])));
}

/**
 * Whether the first line of `text` names every one of `columns` (compared lower-cased, trimmed);
 * false when that line is not CSV.
 */
export function csvHeaderHas(text: string, columns: readonly string[]): boolean {
  const end = text.search(/[\r\n]/);
  let header: string[] | undefined;
  try {
    [header] = parse(end === -1 ? text : text.slice(0, end), CSV_OPTIONS);
  } catch (error) {
    if (error instanceof CsvError) return false;
    throw error;
  }
  const names = header?.map((name) => name.trim().toLowerCase()) ?? [];
  return columns.every((name) => names.includes(name));
}
