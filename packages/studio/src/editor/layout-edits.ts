import {
  type Block,
  type BlockType,
  type Breakpoint,
  type Layout,
  MAX_BLOCKS_PER_LAYOUT,
  type Section,
  TOO_MANY_BLOCKS_MESSAGE,
  blockCount,
  defaultProps,
  moveBlock as moveInGrid,
  normalisePlacements,
  placeNewBlock,
  placementsFor,
  readingOrder,
  removePlacement,
  resizeBlock,
} from '@store/blocks';

export const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export type Edit = { ok: true; layout: Layout } | { ok: false; message: string };

/**
 * Add a block of a type at the end of a section (the last one by default), within the 60 limit;
 * `props` are what it starts with beyond its defaults (a newsletter block's list).
 */
export function addBlock(
  layout: Layout,
  type: BlockType,
  sectionId?: string,
  id = newId('b'),
  props: Record<string, unknown> = {},
): Edit {
  if (blockCount(layout) >= MAX_BLOCKS_PER_LAYOUT) return { ok: false, message: TOO_MANY_BLOCKS_MESSAGE };
  const block: Block = { id, type, props: { ...defaultProps(type), ...props } };
  const sections = layout.sections.length ? layout.sections : [{ id: newId('s'), blocks: [] }];
  const target = sectionId ?? sections.at(-1)?.id;
  return {
    ok: true,
    layout: { sections: sections.map((s) => (s.id === target ? withBlock(s, block) : s)) },
  };
}

/** A section with a block added at its end (and, in a grid, at the bottom of each arrangement). */
function withBlock(section: Section, block: Block): Section {
  const next = { ...section, blocks: [...section.blocks, block] };
  return next.grid ? placeNewBlock(next, block.id, 'desktop') : next;
}

export function addSection(layout: Layout, id = newId('s')): Layout {
  return { sections: [...layout.sections, { id, blocks: [] }] };
}

export function removeBlock(layout: Layout, id: string): Layout {
  return {
    sections: layout.sections.map((s) =>
      s.blocks.some((b) => b.id === id)
        ? removePlacement({ ...s, blocks: s.blocks.filter((b) => b.id !== id) }, id)
        : s,
    ),
  };
}

export function removeSection(layout: Layout, id: string): Layout {
  return { sections: layout.sections.filter((s) => s.id !== id) };
}

export function updateProps(layout: Layout, id: string, patch: Record<string, unknown>): Layout {
  return {
    sections: layout.sections.map((s) => ({
      ...s,
      blocks: s.blocks.map((b) => (b.id === id ? { ...b, props: { ...b.props, ...patch } } : b)),
    })),
  };
}

/** Where each block sits, in reading order. */
function positions(layout: Layout) {
  return layout.sections.flatMap((s, si) => s.blocks.map((b, bi) => ({ block: b, si, bi })));
}

/**
 * Move a block one step up or down in reading order; at a section's edge it crosses into
 * the neighbouring section (keyboard reordering).
 */
export function moveBlock(layout: Layout, id: string, delta: -1 | 1): Layout {
  const at = positions(layout).find((p) => p.block.id === id);
  if (!at) return layout;
  const home = layout.sections[at.si];
  if (home?.grid) {
    const swapped = swapInGrid(home, id, delta);
    if (swapped) return { sections: layout.sections.map((s) => (s === home ? swapped : s)) };
    const neighbour = layout.sections[at.si + delta];
    if (!neighbour) return layout;
    return delta < 0
      ? moveToSection(layout, id, neighbour.id, 'desktop')
      : moveToSection(layout, id, neighbour.id, 'desktop', { col: 1, row: 1 });
  }
  const sections = layout.sections.map((s) => ({ ...s, blocks: [...s.blocks] }));
  const list = sections[at.si]?.blocks;
  if (!list) return layout;
  const to = at.bi + delta;
  const other = list[to];
  if (other) {
    list[to] = at.block;
    list[at.bi] = other;
    return { sections };
  }
  const neighbour = sections[at.si + delta];
  if (!neighbour) return layout;
  if (neighbour.grid)
    return delta < 0
      ? moveToSection(layout, id, neighbour.id, 'desktop')
      : moveToSection(layout, id, neighbour.id, 'desktop', { col: 1, row: 1 });
  list.splice(at.bi, 1);
  if (delta < 0) neighbour.blocks.push(at.block);
  else neighbour.blocks.unshift(at.block);
  return { sections };
}

/** Drag and drop: put block `id` just before block `beforeId` (or at the end of `sectionId`). */
export function moveBlockTo(
  layout: Layout,
  id: string,
  target: { beforeId?: string; sectionId?: string },
): Layout {
  const moving = positions(layout).find((p) => p.block.id === id)?.block;
  if (!moving || target.beforeId === id) return layout;
  const home = sectionOf(layout, id);
  const before = target.beforeId ? sectionOf(layout, target.beforeId) : undefined;
  // Within one grid section the order of the list is reading order: take the other block's place.
  if (home?.grid && before === home && target.beforeId) {
    const other = placementsFor(home, 'desktop').find((p) => p.blockId === target.beforeId);
    return other ? placeBlock(layout, id, 'desktop', { col: other.col, row: other.row }) : layout;
  }
  const without = removeBlock(layout, id);
  return {
    sections: without.sections.map((s) => {
      if (target.beforeId) {
        const i = s.blocks.findIndex((b) => b.id === target.beforeId);
        if (i < 0) return s;
        const blocks = [...s.blocks];
        blocks.splice(i, 0, moving);
        const next = { ...s, blocks };
        if (!next.grid) return next;
        const other = placementsFor(s, 'desktop').find((p) => p.blockId === target.beforeId);
        const placed = placeNewBlock(next, id, 'desktop');
        return other ? moveInGrid(placed, id, 'desktop', other.col, other.row) : placed;
      }
      return s.id === target.sectionId ? withBlock(s, moving) : s;
    }),
  };
}

/** The section that holds a block. */
export function sectionOf(layout: Layout, blockId: string): Section | undefined {
  return layout.sections.find((s) => s.blocks.some((b) => b.id === blockId));
}

function replaceSection(layout: Layout, next: Section): Layout {
  return { sections: layout.sections.map((s) => (s.id === next.id ? next : s)) };
}

/** Swap a grid block with its neighbour in desktop reading order (each keeps its size). */
function swapInGrid(section: Section, id: string, delta: -1 | 1): Section | null {
  const order = placementsFor(section, 'desktop');
  const i = order.findIndex((p) => p.blockId === id);
  const mine = order[i];
  const other = order[i + delta];
  if (!mine || !other) return null;
  const swapped = order.map((p) =>
    p === mine
      ? { ...p, col: other.col, row: other.row }
      : p === other
        ? { ...p, col: mine.col, row: mine.row }
        : p,
  );
  const ids = section.blocks.map((b) => b.id);
  const desktop = normalisePlacements(swapped, 'desktop', ids, id);
  return { ...section, grid: { ...section.grid, desktop } };
}

/**
 * Move a block on the canvas to a cell of its section's grid, at the breakpoint the owner
 * is arranging. A stacked section becomes a grid that looks as it did first; the phone
 * arrangement becomes the owner's at its first change.
 */
export function placeBlock(
  layout: Layout,
  id: string,
  breakpoint: Breakpoint,
  at: { col: number; row: number },
) {
  const section = sectionOf(layout, id);
  if (!section) return layout;
  return replaceSection(layout, moveInGrid(section, id, breakpoint, at.col, at.row));
}

/** Resize a block on the canvas to a number of columns and rows of its section's grid. */
export function sizeBlock(
  layout: Layout,
  id: string,
  breakpoint: Breakpoint,
  size: { colSpan: number; rowSpan: number },
): Layout {
  const section = sectionOf(layout, id);
  if (!section) return layout;
  return replaceSection(layout, resizeBlock(section, id, breakpoint, size.colSpan, size.rowSpan));
}

/**
 * Move a block into another section (dropped on it on the canvas): it leaves its section's
 * grid and lands at `at` in the other one's (at its bottom when no cell is given), keeping
 * its width where it fits.
 */
export function moveToSection(
  layout: Layout,
  id: string,
  sectionId: string,
  breakpoint: Breakpoint,
  at?: { col: number; row: number },
): Layout {
  const home = sectionOf(layout, id);
  const block = home?.blocks.find((b) => b.id === id);
  if (!home || !block || home.id === sectionId) return layout;
  const target = layout.sections.find((s) => s.id === sectionId);
  if (!target) return layout;
  const size = home.grid ? placementsFor(home, breakpoint).find((p) => p.blockId === id) : undefined;
  let next = placeNewBlock({ ...target, blocks: [...target.blocks, block] }, id, breakpoint);
  if (size) next = resizeBlock(next, id, breakpoint, size.colSpan, size.rowSpan);
  if (at) next = moveInGrid(next, id, breakpoint, at.col, at.row);
  const without = removeBlock(layout, id);
  return replaceSection(without, next);
}

/** A copy of a block with a new id, just after it (in a grid: just below it, the same size). */
export function duplicateBlock(layout: Layout, id: string, copyId = newId('b')): Edit {
  const section = sectionOf(layout, id);
  const block = section?.blocks.find((b) => b.id === id);
  if (!section || !block) return { ok: true, layout };
  if (blockCount(layout) >= MAX_BLOCKS_PER_LAYOUT) return { ok: false, message: TOO_MANY_BLOCKS_MESSAGE };
  const copy: Block = { ...block, id: copyId, props: structuredClone(block.props) };
  const blocks = [...section.blocks];
  blocks.splice(blocks.indexOf(block) + 1, 0, copy);
  let next: Section = { ...section, blocks };
  if (section.grid) {
    next = placeNewBlock(next, copyId, 'desktop');
    for (const bp of section.grid.phone ? (['desktop', 'phone'] as const) : (['desktop'] as const)) {
      const p = placementsFor(section, bp).find((q) => q.blockId === id);
      if (!p) continue;
      next = resizeBlock(next, copyId, bp, p.colSpan, p.rowSpan);
      next = moveInGrid(next, copyId, bp, p.col, p.row + p.rowSpan);
    }
  }
  return { ok: true, layout: replaceSection(layout, next) };
}

/** Drop the owner's phone arrangement of a section: it follows the desktop one again. */
export function resetPhoneLayout(layout: Layout, sectionId: string): Layout {
  const section = layout.sections.find((s) => s.id === sectionId);
  if (!section?.grid?.phone) return layout;
  return replaceSection(layout, { ...section, grid: { desktop: section.grid.desktop } });
}

/** A grid section's blocks in desktop reading order (the order of the side list); others as stacked. */
export function blocksInOrder(section: Section): Block[] {
  if (!section.grid) return section.blocks;
  const byId = new Map(section.blocks.map((b) => [b.id, b]));
  return readingOrder(placementsFor(section, 'desktop')).flatMap((p) => byId.get(p.blockId) ?? []);
}
