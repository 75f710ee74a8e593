import type { NavLink } from '../api';

/** Where an entry sits: [index] at the top level, [folder, index] inside a folder. */
export type TreePath = [number] | [number, number];

export const isFolder = (link: NavLink) => !link.collectionId && !link.externalLink;

function clone(links: NavLink[]): NavLink[] {
  return links.map((l) => ({ ...l, items: l.items.map((c) => ({ ...c, items: [] })) }));
}

function siblings(links: NavLink[], path: TreePath): NavLink[] {
  return path.length === 1 ? links : links[path[0]].items;
}

export function itemAt(links: NavLink[], path: TreePath): NavLink | undefined {
  return path.length === 1 ? links[path[0]] : links[path[0]]?.items[path[1]];
}

/** Remove the entry at `path`; returns the new tree and the removed entry. */
export function removeAt(links: NavLink[], path: TreePath): [NavLink[], NavLink] {
  const next = clone(links);
  const list = siblings(next, path);
  const [removed] = list.splice(path[path.length - 1], 1);
  return [next, removed];
}

/** Move an entry up (-1) or down (+1) among its siblings (keyboard reordering). */
export function moveBy(links: NavLink[], path: TreePath, delta: -1 | 1): NavLink[] {
  const next = clone(links);
  const list = siblings(next, path);
  const from = path[path.length - 1];
  const to = from + delta;
  if (to < 0 || to >= list.length) return links;
  [list[from], list[to]] = [list[to], list[from]];
  return next;
}

/** Put a top-level entry into the folder just above it (one level of nesting, like the site). */
export function indent(links: NavLink[], path: TreePath): NavLink[] {
  if (path.length !== 1 || path[0] === 0) return links;
  const above = links[path[0] - 1];
  const item = links[path[0]];
  if (!isFolder(above) || isFolder(item)) return links;
  const [without, removed] = removeAt(links, path);
  without[path[0] - 1].items.push(removed);
  return without;
}

/** Take an entry out of its folder, placing it just after the folder. */
export function outdent(links: NavLink[], path: TreePath): NavLink[] {
  if (path.length !== 2) return links;
  const [without, removed] = removeAt(links, path);
  without.splice(path[0] + 1, 0, removed);
  return without;
}

/**
 * Drag and drop: move the entry at `from` to just before the entry at `to` (a folder
 * accepts a dropped page into it when `into` is set). Folders never nest in folders.
 */
export function moveTo(links: NavLink[], from: TreePath, to: TreePath, into = false): NavLink[] {
  const moving = itemAt(links, from);
  const target = itemAt(links, to);
  if (!moving || !target || moving === target) return links;
  if ((into || to.length === 2) && isFolder(moving)) return links;
  const [without] = removeAt(links, from);
  // Find the target again in the tree without the moved entry (indices may have shifted).
  const find = (list: NavLink[], parent?: number): TreePath | null => {
    for (const [i, l] of list.entries()) {
      if (
        l.title === target.title &&
        l.collectionId === target.collectionId &&
        l.externalLink === target.externalLink
      )
        return parent === undefined ? [i] : [parent, i];
      if (parent === undefined) {
        const inner = find(l.items, i);
        if (inner) return inner;
      }
    }
    return null;
  };
  const at = find(without);
  if (!at) return links;
  if (into && at.length === 1 && isFolder(without[at[0]])) {
    without[at[0]].items.push(moving);
    return without;
  }
  siblings(without, at).splice(at[at.length - 1], 0, {
    ...moving,
    items: at.length === 2 ? [] : moving.items,
  });
  return without;
}

export function appendLink(links: NavLink[], link: NavLink): NavLink[] {
  return [...clone(links), link];
}
