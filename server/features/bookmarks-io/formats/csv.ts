/**
 * Reads CSV as RFC 4180 describes it (what Pocket and Instapaper export): fields separated by
 * commas, records by CRLF or LF, fields in double quotes may hold commas, line breaks and doubled
 * quotes (`""`). A quote inside an unquoted field is kept as text, as spreadsheet programs do.
 *
 * @returns the records, each an array of fields; a trailing empty line gives no record.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (fieldStarted || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/**
 * The records of a CSV file whose first line names its columns, as objects keyed by the
 * lower-cased, trimmed column names; undefined when the header lacks one of `required`.
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

/** Whether the first line of `text` names every one of `columns` (compared lower-cased, trimmed). */
export function csvHeaderHas(text: string, columns: readonly string[]): boolean {
  const end = text.search(/\r?\n/);
  const [header] = parseCsv(end === -1 ? text : text.slice(0, end));
  const names = header?.map((name) => name.trim().toLowerCase()) ?? [];
  return columns.every((name) => names.includes(name));
}
