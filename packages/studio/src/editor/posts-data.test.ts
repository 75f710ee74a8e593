import { describe, expect, it } from 'vitest';
import type { Post } from '../api';
import { postSortValue, shownPosts, splitList, toLocalInput } from './posts-data';

const post = (title: string, publishOn: string, extra: Partial<Post> = {}) =>
  ({ id: title, title, publishOn, author: '', tags: [], categories: [], ...extra }) as unknown as Post;
const posts = [
  post('Kiln opening', '2026-03-01T10:00:00Z', { tags: ['kiln'] }),
  post('Glaze day', '2026-05-01T10:00:00Z', { author: 'Ada' }),
  post('Studio 10', '2026-01-01T10:00:00Z', { categories: ['News'] }),
  post('Studio 2', '2026-02-01T10:00:00Z'),
];
const titles = (rows: Post[]) => rows.map((p) => p.title);

describe('shownPosts', () => {
  it('finds posts by title, author, tag or category', () => {
    expect(titles(shownPosts(posts, { search: 'glaze' }))).toEqual(['Glaze day']);
    expect(titles(shownPosts(posts, { search: 'ada' }))).toEqual(['Glaze day']);
    expect(titles(shownPosts(posts, { search: 'KILN' }))).toEqual(['Kiln opening']);
    expect(titles(shownPosts(posts, { search: 'news' }))).toEqual(['Studio 10']);
    expect(titles(shownPosts(posts, {}))).toEqual(titles(posts));
  });

  it('sorts by date or by title as people read it', () => {
    expect(titles(shownPosts(posts, { sort: { key: 'date', dir: 'desc' } }))).toEqual([
      'Glaze day',
      'Kiln opening',
      'Studio 2',
      'Studio 10',
    ]);
    expect(titles(shownPosts(posts, { search: 'studio', sort: { key: 'title', dir: 'asc' } }))).toEqual([
      'Studio 2',
      'Studio 10',
    ]);
    expect(postSortValue(posts[0] as Post, 'date')).toBe(Date.parse('2026-03-01T10:00:00Z'));
  });
});

describe('post form text', () => {
  it('splits comma lists, dropping blanks', () => {
    expect(splitList(' glaze, kiln ,, ')).toEqual(['glaze', 'kiln']);
    expect(splitList('')).toEqual([]);
  });

  it('shows a time in the local zone for a datetime-local input', () => {
    expect(toLocalInput('2026-03-01T09:30:00Z', 0)).toBe('2026-03-01T09:30');
    // UTC−5 (offset +300 minutes): 09:30 UTC is 04:30 local.
    expect(toLocalInput('2026-03-01T09:30:00Z', 300)).toBe('2026-03-01T04:30');
  });
});
