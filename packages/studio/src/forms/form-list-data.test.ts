import type { StudioFormSummary } from '@store/api';
import { describe, expect, it } from 'vitest';
import { deleteFormMessage, formSortValue, shownForms } from './form-list-data';

const form = (name: string, fieldCount: number, submissionCount: number): StudioFormSummary => ({
  id: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  fieldCount,
  submissionCount,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const forms = [
  form('Contact us', 4, 12),
  form('Crème order', 9, 0),
  form('Newsletter 10', 1, 3),
  form('Newsletter 2', 2, 40),
];
const names = (rows: StudioFormSummary[]) => rows.map((f) => f.name);

describe('shownForms', () => {
  it('keeps the server order without a search or sort', () => {
    expect(names(shownForms(forms, {}))).toEqual(names(forms));
  });

  it('finds forms by every word of the name, ignoring case and accents', () => {
    expect(names(shownForms(forms, { search: 'creme' }))).toEqual(['Crème order']);
    expect(names(shownForms(forms, { search: 'NEWS 2' }))).toEqual(['Newsletter 2']);
    expect(shownForms(forms, { search: 'survey' })).toEqual([]);
  });

  it('sorts names as people read them and counts by value', () => {
    expect(names(shownForms(forms, { sort: { key: 'name', dir: 'asc' } }))).toEqual([
      'Contact us',
      'Crème order',
      'Newsletter 2',
      'Newsletter 10',
    ]);
    expect(names(shownForms(forms, { sort: { key: 'submissions', dir: 'desc' } }))).toEqual([
      'Newsletter 2',
      'Contact us',
      'Newsletter 10',
      'Crème order',
    ]);
    expect(names(shownForms(forms, { search: 'newsletter', sort: { key: 'fields', dir: 'asc' } }))).toEqual([
      'Newsletter 10',
      'Newsletter 2',
    ]);
  });

  it('sorts by the column asked for', () => {
    const f = forms[0] as StudioFormSummary;
    expect([formSortValue(f, 'name'), formSortValue(f, 'fields'), formSortValue(f, 'submissions')]).toEqual([
      'Contact us',
      4,
      12,
    ]);
  });
});

describe('deleteFormMessage', () => {
  it('says how many submissions go with the form', () => {
    expect(deleteFormMessage({ submissionCount: 3 })).toContain('Its 3 submissions are deleted too');
    expect(deleteFormMessage({ submissionCount: 0 })).toBe(
      'Pages that show it show nothing. This cannot be undone.',
    );
  });
});
