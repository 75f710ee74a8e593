/**
 * The list kit's data shaping, without React: search, filters, sorting and paging of rows a
 * screen holds in full (lists the API answers at once: tax rules, coupons, contributors). A
 * list the API pages by cursor is searched and filtered by the server instead.
 *
 *   const shown = shapeRows(rows, { search: 'red', searchText: (r) => [r.name, r.sku],
 *     sort: { key: 'name', dir: 'asc' }, sortValue: (r, key) => r[key], page: 2, pageSize: 25 });
 *   shown.rows; shown.page; shown.pageCount; shown.total;
 */

export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: string;
  dir: SortDir;
}
export type SortValue = string | number | boolean | Date | null | undefined;

/** A click on a column header: a new column sorts ascending, the same one flips direction. */
export function nextSort(current: SortState | null, key: string, firstDir: SortDir = 'asc'): SortState {
  if (current?.key !== key) return { key, dir: firstDir };
  return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
}

/** The header's aria-sort for a column. */
export function ariaSort(current: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (current?.key !== key) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Ascending order of two cell values: numbers by value, text as people read it ("Item 2"
 * before "Item 10", case and accents ignored), dates by time; blanks (null, undefined, '')
 * always last, whatever the direction.
 */
export function compareValues(a: SortValue, b: SortValue): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return collator.compare(String(x), String(y));
}

/** Rows in the order of `sort` (a copy; equal rows keep their order), or as they came without one. */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | null,
  value: (row: T, key: string) => SortValue,
): T[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row, sort.key) }))
    .sort((p, q) => {
      const blankP = p.v === null || p.v === undefined || p.v === '';
      const blankQ = q.v === null || q.v === undefined || q.v === '';
      // Blanks last in both directions.
      if (blankP !== blankQ) return blankP ? 1 : -1;
      return sign * compareValues(p.v, q.v) || p.index - q.index;
    })
    .map((p) => p.row);
}

/** Lower case, accents removed: "Crème" is found by "creme". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether every word of `search` appears in one of the row's texts (blank search: all rows). */
export function matchesSearch(texts: readonly (string | null | undefined)[], search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(texts.filter((t): t is string => typeof t === 'string').join('\n'));
  return words.every((w) => haystack.includes(w));
}

export interface PageOf<T> {
  rows: T[];
  /** The page shown (1-based), pulled back into range when the list shrank. */
  page: number;
  pageCount: number;
  total: number;
}

/** One page of `rows`; a page past the end shows the last one (a delete emptied it). */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): PageOf<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return {
    rows: rows.slice((current - 1) * size, current * size),
    page: current,
    pageCount,
    total: rows.length,
  };
}

export interface ShapeOptions<T> {
  search?: string;
  searchText?: (row: T) => readonly (string | null | undefined)[];
  /** Each active filter keeps the rows it accepts. */
  filters?: readonly ((row: T) => boolean)[];
  sort?: SortState | null;
  sortValue?: (row: T, key: string) => SortValue;
  /** Without a page size every matching row is one page. */
  page?: number;
  pageSize?: number;
}

/** Search, then filters, then sort, then the page: what a list shows of rows it holds in full. */
export function shapeRows<T>(rows: readonly T[], options: ShapeOptions<T>): PageOf<T> {
  const { search = '', searchText, filters = [], sort = null, sortValue } = options;
  const found = rows.filter(
    (row) => (!searchText || matchesSearch(searchText(row), search)) && filters.every((keep) => keep(row)),
  );
  const sorted = sortValue ? sortRows(found, sort, sortValue) : found;
  return pageRows(sorted, options.page ?? 1, options.pageSize ?? Math.max(1, sorted.length));
}

/** "1–25 of 60" for a pager's status line (empty list: "0 of 0"). */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `${from}–${to} of ${total}`;
}
