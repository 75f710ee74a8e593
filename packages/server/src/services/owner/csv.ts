/** Byte order mark: spreadsheet apps (Excel) read the file as UTF-8 only when it starts with one. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab / carriage return
 * that some apps strip first) is prefixed with a single quote (OWASP "CSV injection").
 */
function guard(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180 quoting: a cell with a quote, comma or line break is quoted, quotes doubled. */
function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * A CSV document: BOM, then one CRLF-terminated line per row.
 *
 * @example
 * toCsv([['Name', 'Note'], ['Ada', '=1+1']]) // '\uFEFFName,Note\r\nAda,\'=1+1\r\n'
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => `${row.map((c) => quote(guard(c))).join(',')}\r\n`).join('');
}

/** A filename-safe slug for Content-Disposition (ASCII only; the header cannot carry more). */
export function csvFilename(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${slug || 'export'}.csv`;
}
