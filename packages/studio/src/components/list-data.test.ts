import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  compareValues,
  foldText,
  matchesSearch,
  nextSort,
  pageRows,
  rangeText,
  shapeRows,
  sortRows,
} from './list-data';

interface Row {
  id: string;
  name: string;
  total: number | null;
}
const rows: Row[] = [
  { id: 'a', name: 'Item 10', total: 300 },
  { id: 'b', name: 'item 2', total: null },
  { id: 'c', name: 'Crème brûlée', total: 100 },
  { id: 'd', name: 'Apple', total: 100 },
];
const value = (r: Row, key: string) => (key === 'total' ? r.total : r.name);
const ids = (list: Row[]) => list.map((r) => r.id).join('');

describe('sorting', () => {
  it('a new column sorts ascending, the same column flips', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'desc' }, 'total')).toEqual({ key: 'total', dir: 'asc' });
    expect(nextSort(null, 'date', 'desc')).toEqual({ key: 'date', dir: 'desc' });
  });

  it('tells assistive technology which column sorts and how', () => {
    expect(ariaSort({ key: 'name', dir: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSort({ key: 'name', dir: 'desc' }, 'name')).toBe('descending');
    expect(ariaSort({ key: 'name', dir: 'desc' }, 'total')).toBe('none');
    expect(ariaSort(null, 'total')).toBe('none');
  });

  it('orders text as people read it: numbers inside by value, case and accents ignored', () => {
    expect(compareValues('item 2', 'Item 10')).toBeLessThan(0);
    expect(compareValues('apple', 'Banana')).toBeLessThan(0);
    expect(compareValues('Crème', 'creme')).toBe(0);
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues(new Date(2), new Date(1))).toBeGreaterThan(0);
  });

  it('keeps blanks last in both directions and equal rows in their order', () => {
    expect(ids(sortRows(rows, { key: 'total', dir: 'asc' }, value))).toBe('cdab');
    expect(ids(sortRows(rows, { key: 'total', dir: 'desc' }, value))).toBe('acdb');
    expect(ids(sortRows(rows, { key: 'name', dir: 'asc' }, value))).toBe('dcba');
    expect(ids(sortRows(rows, null, value))).toBe('abcd');
  });

  it('does not reorder the list it was given', () => {
    sortRows(rows, { key: 'name', dir: 'asc' }, value);
    expect(ids(rows)).toBe('abcd');
  });
});

describe('search', () => {
  it('finds every word anywhere in the row, ignoring case and accents', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(matchesSearch(['Crème brûlée', 'SKU-1'], 'creme sku')).toBe(true);
    expect(matchesSearch(['Crème brûlée', 'SKU-1'], 'creme tart')).toBe(false);
    expect(matchesSearch(['x', null, undefined], '   ')).toBe(true);
  });
});

describe('paging', () => {
  const many = Array.from({ length: 60 }, (_, i) => i + 1);

  it('slices a page and counts the pages', () => {
    const second = pageRows(many, 2, 25);
    expect(second.rows[0]).toBe(26);
    expect(second.rows).toHaveLength(25);
    expect(second.pageCount).toBe(3);
    expect(pageRows(many, 3, 25).rows).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
  });

  it('pulls a page past the end back to the last one (a delete emptied it), and one page for none', () => {
    expect(pageRows(many, 9, 25).page).toBe(3);
    expect(pageRows(many, 0, 25).page).toBe(1);
    expect(pageRows([], 4, 25)).toEqual({ rows: [], page: 1, pageCount: 1, total: 0 });
  });

  it('says which rows a page shows', () => {
    expect(rangeText(1, 25, 60)).toBe('1–25 of 60');
    expect(rangeText(3, 25, 60)).toBe('51–60 of 60');
    expect(rangeText(1, 25, 0)).toBe('0 of 0');
  });
});

describe('shaping a list held in full', () => {
  it('searches, filters, sorts and pages in that order', () => {
    const shown = shapeRows(rows, {
      search: 'item',
      searchText: (r) => [r.name],
      filters: [(r) => r.id !== 'x'],
      sort: { key: 'name', dir: 'asc' },
      sortValue: value,
      pageSize: 1,
      page: 2,
    });
    expect(shown.total).toBe(2);
    expect(ids(shown.rows)).toBe('a');
    expect(shown.pageCount).toBe(2);
  });

  it('without a page size shows every match on one page', () => {
    const shown = shapeRows(rows, { filters: [(r) => r.total === 100] });
    expect(ids(shown.rows)).toBe('cd');
    expect(shown.pageCount).toBe(1);
  });
});
