import type { NavLink } from '../api';

/** Where an entry sits: [index] at the top level, [folder, index] inside a folder. */
export type TreePath = [number] | [number, number];

export const isFolder = (link: NavLink) => !link.collectionId && !link.externalLink;

function clone(links: NavLink[]): NavLink[] {
  return links.map((l) => ({ ...l, items: l.items.map((c) => ({ ...c, items: [] })) }));
}

/** The list an entry sits in; undefined when the path names a folder that is not there. */
function siblings(links: NavLink[], path: TreePath): NavLink[] | undefined {
  return path.length === 1 ? links : links[path[0]]?.items;
}

/** The entry's index within its siblings. */
const last = (path: TreePath) => (path.length === 1 ? path[0] : path[1]);

export function itemAt(links: NavLink[], path: TreePath): NavLink | undefined {
  return path.length === 1 ? links[path[0]] : links[path[0]]?.items[path[1]];
}

/**
 * Remove the entry at `path`; returns the new tree and the removed entry (no entry, and the
 * same entries, when nothing is at `path`).
 */
export function removeAt(links: NavLink[], path: TreePath): [NavLink[], NavLink | undefined] {
  const next = clone(links);
  const [removed] = siblings(next, path)?.splice(last(path), 1) ?? [];
  return [next, removed];
}

/** Rename the entry at `path` in place; the same tree when nothing is there. */
export function renameAt(links: NavLink[], path: TreePath, title: string): NavLink[] {
  const next = clone(links);
  const item = siblings(next, path)?.[last(path)];
  if (!item) return links;
  item.title = title;
  return next;
}

/** Move an entry up (-1) or down (+1) among its siblings (keyboard reordering). */
export function moveBy(links: NavLink[], path: TreePath, delta: -1 | 1): NavLink[] {
  const next = clone(links);
  const list = siblings(next, path);
  const from = last(path);
  const to = from + delta;
  const moving = list?.[from];
  const other = list?.[to];
  if (!list || !moving || !other) return links;
  list[from] = other;
  list[to] = moving;
  return next;
}

/** Put a top-level entry into the folder just above it (one level of nesting, like the site). */
export function indent(links: NavLink[], path: TreePath): NavLink[] {
  if (path.length !== 1 || path[0] === 0) return links;
  const above = links[path[0] - 1];
  const item = links[path[0]];
  if (!above || !item || !isFolder(above) || isFolder(item)) return links;
  const [without, removed] = removeAt(links, path);
  const folder = without[path[0] - 1];
  if (!folder || !removed) return links;
  folder.items.push(removed);
  return without;
}

/** Take an entry out of its folder, placing it just after the folder. */
export function outdent(links: NavLink[], path: TreePath): NavLink[] {
  if (path.length !== 2) return links;
  const [without, removed] = removeAt(links, path);
  if (!removed) return links;
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
  const folder = at.length === 1 ? without[at[0]] : undefined;
  if (into && folder && isFolder(folder)) {
    folder.items.push(moving);
    return without;
  }
  const list = siblings(without, at);
  if (!list) return links;
  list.splice(last(at), 0, {
    ...moving,
    items: at.length === 2 ? [] : moving.items,
  });
  return without;
}

export function appendLink(links: NavLink[], link: NavLink): NavLink[] {
  return [...clone(links), link];
}
