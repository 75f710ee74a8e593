/**
 * The blog posts list and form, without React: which posts the list shows (a search on the
 * title, author and tags; sorting by title or date) and the form's text conversions.
 *
 *   shownPosts(posts, { search: 'glaze', sort: { key: 'date', dir: 'desc' } })
 *   splitList(' glaze, kiln ,, ')  // ['glaze', 'kiln']
 */
import type { Post } from '../api';
import { type SortState, type SortValue, shapeRows } from '../components/list-data';

/** "a, b , c" as the list the API takes: trimmed, empty parts dropped. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** An ISO time as a `datetime-local` value in the browser's time zone ("2026-03-01T09:30"). */
export function toLocalInput(iso: string, offsetMinutes = new Date(iso).getTimezoneOffset()): string {
  const d = new Date(iso);
  return new Date(d.getTime() - offsetMinutes * 60_000).toISOString().slice(0, 16);
}

export function postSortValue(post: Post, key: string): SortValue {
  if (key === 'date') return Date.parse(post.publishOn);
  return post.title;
}

/** The posts matching the search (title, author, tags and categories), in the chosen order. */
export function shownPosts(
  posts: readonly Post[],
  options: { search?: string; sort?: SortState | null },
): Post[] {
  return shapeRows(posts, {
    search: options.search,
    searchText: (p) => [p.title, p.author, ...p.tags, ...p.categories],
    sort: options.sort ?? null,
    sortValue: postSortValue,
  }).rows;
}
