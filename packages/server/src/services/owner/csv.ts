import { Readable } from 'node:stream';

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

/** One CSV line, CRLF-terminated: each cell guarded against formulas and quoted. */
export function csvLine(row: readonly string[]): string {
  return `${row.map((c) => quote(guard(c))).join(',')}\r\n`;
}

/**
 * A CSV document: BOM, then one CRLF-terminated line per row.
 *
 * @example
 * toCsv([['Name', 'Note'], ['Ada', '=1+1']]) // '\uFEFFName,Note\r\nAda,\'=1+1\r\n'
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map(csvLine).join('');
}

/** Rows read per query by an export: what one export holds in memory at a time. */
export const CSV_BATCH = 1000;

/**
 * A CSV document as a stream: the BOM and header line, then each batch of rows as it is
 * read. An export of any size holds one batch in memory, and no query (nor PGlite's one
 * connection) is held while the owner's download drains.
 */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly string[])[]>,
): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(UTF8_BOM + csvLine(header));
      for await (const rows of batches) if (rows.length > 0) yield Buffer.from(rows.map(csvLine).join(''));
    })(),
  );
}

/**
 * Read a newest-first list in keyset batches: `read(after)` gets up to `CSV_BATCH` rows
 * after the key of the previous batch's last row (`keyOf`), until a batch comes back short.
 */
export async function* keysetBatches<T>(
  read: (after: string[] | undefined) => Promise<T[]>,
  keyOf: (row: T) => string[],
): AsyncGenerator<T[]> {
  let after: string[] | undefined;
  for (;;) {
    const rows = await read(after);
    yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < CSV_BATCH || last === undefined) return;
    after = keyOf(last);
  }
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
