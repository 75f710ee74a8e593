import { describe, expect, it } from 'vitest';
import type { NavLink } from '../api';
import { indent, moveBy, moveTo, outdent, removeAt, renameAt } from './nav-tree';

const page = (title: string): NavLink => ({
  title,
  collectionId: title,
  externalLink: null,
  memberAreaId: null,
  items: [],
});
const folder = (title: string, items: NavLink[] = []): NavLink => ({
  title,
  collectionId: null,
  externalLink: null,
  memberAreaId: null,
  items,
});
const titles = (links: NavLink[]): unknown =>
  links.map((l) => (l.items.length ? [l.title, l.items.map((c) => c.title)] : l.title));

describe('navigation tree edits', () => {
  const tree = [page('Home'), page('Shop'), folder('More', [page('About')]), page('Contact')];

  it('moves entries up and down among siblings, and not past the ends', () => {
    expect(titles(moveBy(tree, [1], -1))).toEqual(['Shop', 'Home', ['More', ['About']], 'Contact']);
    expect(moveBy(tree, [0], -1)).toBe(tree);
    expect(titles(moveBy(tree, [3], -1))).toEqual(['Home', 'Shop', 'Contact', ['More', ['About']]]);
  });

  it('nests into the folder above and takes out again', () => {
    const nested = indent(tree, [3]);
    expect(titles(nested)).toEqual(['Home', 'Shop', ['More', ['About', 'Contact']]]);
    expect(titles(outdent(nested, [2, 0]))).toEqual(['Home', 'Shop', ['More', ['Contact']], 'About']);
    expect(indent(tree, [1])).toBe(tree); // Home is not a folder
  });

  it('drops before another entry, or into a folder; never a folder into a folder', () => {
    expect(titles(moveTo(tree, [3], [0]))).toEqual(['Contact', 'Home', 'Shop', ['More', ['About']]]);
    expect(titles(moveTo(tree, [0], [2], true))).toEqual(['Shop', ['More', ['About', 'Home']], 'Contact']);
    expect(titles(moveTo(tree, [2, 0], [0]))).toEqual(['About', 'Home', 'Shop', 'More', 'Contact']);
    const twoFolders = [...tree, folder('Extra')];
    expect(moveTo(twoFolders, [4], [2], true)).toBe(twoFolders);
  });

  it('removes an entry and returns it', () => {
    const [rest, removed] = removeAt(tree, [2, 0]);
    expect(removed?.title).toBe('About');
    expect(titles(rest)).toEqual(['Home', 'Shop', 'More', 'Contact']);
  });

  it('renames an entry where it sits, and leaves the tree alone for a path with nothing there', () => {
    expect(titles(renameAt(tree, [2, 0], 'Us'))).toEqual(['Home', 'Shop', ['More', ['Us']], 'Contact']);
    expect(titles(renameAt(tree, [1], 'Store'))).toEqual(['Home', 'Store', ['More', ['About']], 'Contact']);
    expect(tree[1]?.title).toBe('Shop');
    expect(renameAt(tree, [9, 0], 'Gone')).toBe(tree);
    expect(renameAt(tree, [2, 5], 'Gone')).toBe(tree);
  });

  it.each([
    ['a missing entry', [9] as [number]],
    ['a missing folder', [9, 0] as [number, number]],
  ])('leaves the tree alone when moving %s', (_, path) => {
    expect(moveBy(tree, path, 1)).toBe(tree);
    expect(indent(tree, path)).toBe(tree);
    expect(outdent(tree, path)).toBe(tree);
  });
});
