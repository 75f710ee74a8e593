/**
 * What the forms list shows of the site's forms (held in full: a site has a handful), without
 * React: a search on the name, sorting by name, fields or submissions; and what deleting says.
 *
 *   shownForms(forms, { search: 'contact', sort: { key: 'submissions', dir: 'desc' } })
 */
import type { StudioFormSummary } from '@store/api';
import { type SortState, type SortValue, shapeRows } from '../components/list-data';

/** The value a sortable column of the forms list sorts by. */
export function formSortValue(form: StudioFormSummary, key: string): SortValue {
  if (key === 'fields') return form.fieldCount;
  if (key === 'submissions') return form.submissionCount;
  return form.name;
}

/** The forms matching the search (every word in the name), in the chosen order. */
export function shownForms(
  forms: readonly StudioFormSummary[],
  options: { search?: string; sort?: SortState | null },
): StudioFormSummary[] {
  return shapeRows(forms, {
    search: options.search,
    searchText: (form) => [form.name],
    sort: options.sort ?? null,
    sortValue: formSortValue,
  }).rows;
}

/** The delete confirmation's message: the submissions that go with the form, when there are any. */
export function deleteFormMessage(form: Pick<StudioFormSummary, 'submissionCount'>): string {
  return form.submissionCount > 0
    ? `Its ${form.submissionCount} submissions are deleted too, and pages that show it show nothing. This cannot be undone.`
    : 'Pages that show it show nothing. This cannot be undone.';
}
