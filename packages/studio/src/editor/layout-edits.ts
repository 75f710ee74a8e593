import {
  type Block,
  type BlockType,
  type Layout,
  MAX_BLOCKS_PER_LAYOUT,
  TOO_MANY_BLOCKS_MESSAGE,
  blockCount,
  defaultProps,
} from '@store/blocks';

export const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export type Edit = { ok: true; layout: Layout } | { ok: false; message: string };

/** Add a block of a type at the end of a section (the last one by default), within the 60 limit. */
export function addBlock(layout: Layout, type: BlockType, sectionId?: string, id = newId('b')): Edit {
  if (blockCount(layout) >= MAX_BLOCKS_PER_LAYOUT) return { ok: false, message: TOO_MANY_BLOCKS_MESSAGE };
  const block: Block = { id, type, props: defaultProps(type) };
  const sections = layout.sections.length ? layout.sections : [{ id: newId('s'), blocks: [] }];
  const target = sectionId ?? sections.at(-1)?.id;
  return {
    ok: true,
    layout: { sections: sections.map((s) => (s.id === target ? { ...s, blocks: [...s.blocks, block] } : s)) },
  };
}

export function addSection(layout: Layout, id = newId('s')): Layout {
  return { sections: [...layout.sections, { id, blocks: [] }] };
}

export function removeBlock(layout: Layout, id: string): Layout {
  return { sections: layout.sections.map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.id !== id) })) };
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
  const without = removeBlock(layout, id);
  return {
    sections: without.sections.map((s) => {
      if (target.beforeId) {
        const i = s.blocks.findIndex((b) => b.id === target.beforeId);
        if (i < 0) return s;
        const blocks = [...s.blocks];
        blocks.splice(i, 0, moving);
        return { ...s, blocks };
      }
      return s.id === target.sectionId ? { ...s, blocks: [...s.blocks, moving] } : s;
    }),
  };
}
