import { type Layout, MAX_BLOCKS_PER_LAYOUT, TOO_MANY_BLOCKS_MESSAGE } from '@store/blocks';
import { describe, expect, it } from 'vitest';
import {
  addBlock,
  blocksInOrder,
  duplicateBlock,
  moveBlock,
  moveBlockTo,
  moveToSection,
  placeBlock,
  removeBlock,
  resetPhoneLayout,
  sizeBlock,
  updateProps,
} from './layout-edits';

const layout: Layout = {
  sections: [
    {
      id: 's1',
      blocks: [
        { id: 'a', type: 'heading', props: {} },
        { id: 'b', type: 'text', props: {} },
      ],
    },
    { id: 's2', blocks: [{ id: 'c', type: 'button', props: {} }] },
  ],
};
const ids = (l: Layout) => l.sections.map((s) => s.blocks.map((b) => b.id));

describe('layout edits', () => {
  it('adds a block with its default props at the end of the last section', () => {
    const edit = addBlock(layout, 'spacer', undefined, 'n');
    expect(edit.ok && ids(edit.layout)).toEqual([
      ['a', 'b'],
      ['c', 'n'],
    ]);
    expect(edit.ok && edit.layout.sections[1]?.blocks[1]?.props).toEqual({ height: 48 });
  });

  it('refuses a block past the 60 limit with the spec message', () => {
    const full: Layout = {
      sections: [
        {
          id: 's',
          blocks: Array.from({ length: MAX_BLOCKS_PER_LAYOUT }, (_, i) => ({
            id: `x${i}`,
            type: 'spacer' as const,
            props: {},
          })),
        },
      ],
    };
    expect(addBlock(full, 'text')).toEqual({ ok: false, message: TOO_MANY_BLOCKS_MESSAGE });
  });

  it('moves blocks by keyboard steps, across section edges', () => {
    expect(ids(moveBlock(layout, 'b', -1))).toEqual([['b', 'a'], ['c']]);
    expect(ids(moveBlock(layout, 'b', 1))).toEqual([['a'], ['b', 'c']]);
    expect(ids(moveBlock(layout, 'c', -1))).toEqual([['a', 'b', 'c'], []]);
    expect(moveBlock(layout, 'a', -1)).toBe(layout);
  });

  it('drops a block before another, or at the end of a section', () => {
    expect(ids(moveBlockTo(layout, 'c', { beforeId: 'a' }))).toEqual([['c', 'a', 'b'], []]);
    expect(ids(moveBlockTo(layout, 'a', { sectionId: 's2' }))).toEqual([['b'], ['c', 'a']]);
  });

  it('removes a block and patches props immutably', () => {
    expect(ids(removeBlock(layout, 'b'))).toEqual([['a'], ['c']]);
    const patched = updateProps(layout, 'a', { text: 'Hi' });
    expect(patched.sections[0]?.blocks[0]?.props).toEqual({ text: 'Hi' });
    expect(layout.sections[0]?.blocks[0]?.props).toEqual({});
  });
});

// A two-column section: a heading across the top, text on the left, an image on the right.
const gridded: Layout = {
  sections: [
    {
      id: 'g',
      blocks: [
        { id: 'h', type: 'heading', props: {} },
        { id: 't', type: 'text', props: {} },
        { id: 'i', type: 'image', props: {} },
      ],
      grid: {
        desktop: [
          { blockId: 'h', col: 1, row: 1, colSpan: 12, rowSpan: 1 },
          { blockId: 't', col: 1, row: 2, colSpan: 6, rowSpan: 1 },
          { blockId: 'i', col: 7, row: 2, colSpan: 6, rowSpan: 1 },
        ],
      },
    },
    { id: 'plain', blocks: [{ id: 'p', type: 'button', props: {} }] },
  ],
};
const at = (l: Layout, s: number, bp: 'desktop' | 'phone' = 'desktop') =>
  Object.fromEntries(
    (l.sections[s]?.grid?.[bp] ?? []).map((p) => [p.blockId, [p.col, p.row, p.colSpan, p.rowSpan]]),
  );

describe('canvas edits in a grid', () => {
  it('moves a block to another column, one edit that leaves the others alone', () => {
    const moved = placeBlock(gridded, 't', 'desktop', { col: 7, row: 3 });
    expect(at(moved, 0)).toEqual({ h: [1, 1, 12, 1], t: [7, 3, 6, 1], i: [7, 2, 6, 1] });
    expect(gridded.sections[0]?.grid?.desktop[1]?.col).toBe(1);
  });

  it('pushes the block it lands on down instead of overlapping it', () => {
    const moved = placeBlock(gridded, 't', 'desktop', { col: 7, row: 2 });
    expect(at(moved, 0)).toEqual({ h: [1, 1, 12, 1], t: [7, 2, 6, 1], i: [7, 3, 6, 1] });
  });

  it('resizes a block and turns a stacked section into a grid at its first canvas edit', () => {
    expect(at(sizeBlock(gridded, 'h', 'desktop', { colSpan: 8, rowSpan: 2 }), 0).h).toEqual([1, 1, 8, 2]);
    const stacked = sizeBlock(gridded, 'p', 'desktop', { colSpan: 6, rowSpan: 1 });
    expect(at(stacked, 1)).toEqual({ p: [1, 1, 6, 1] });
  });

  it('edits the phone arrangement on its own: explicit from the first change, reset to derived', () => {
    const phone = placeBlock(gridded, 'i', 'phone', { col: 1, row: 1 });
    expect(at(phone, 0, 'phone')).toEqual({ i: [1, 1, 4, 1], h: [1, 2, 4, 1], t: [1, 3, 4, 1] });
    expect(at(phone, 0)).toEqual(at(gridded, 0));
    const reset = resetPhoneLayout(phone, 'g');
    expect(reset.sections[0]?.grid?.phone).toBeUndefined();
    expect(reset.sections[0]?.grid?.desktop).toEqual(gridded.sections[0]?.grid?.desktop);
  });

  it('moves a block across sections, keeping its width, and out of the old grid', () => {
    const moved = moveToSection(gridded, 'i', 'plain', 'desktop', { col: 7, row: 1 });
    expect(ids(moved)).toEqual([
      ['h', 't'],
      ['p', 'i'],
    ]);
    expect(at(moved, 0)).toEqual({ h: [1, 1, 12, 1], t: [1, 2, 6, 1] });
    // It lands where it was dropped; the full-width button it now covers moves down.
    expect(at(moved, 1)).toEqual({ i: [7, 1, 6, 1], p: [1, 2, 12, 1] });
  });

  it('duplicates a block just below itself, the same size, with its own id and props', () => {
    const edit = duplicateBlock(gridded, 't', 'copy');
    if (!edit.ok) throw new Error(edit.message);
    expect(ids(edit.layout)[0]).toEqual(['h', 't', 'copy', 'i']);
    expect(at(edit.layout, 0).copy).toEqual([1, 3, 6, 1]);
    expect(edit.layout.sections[0]?.blocks[2]?.props).not.toBe(gridded.sections[0]?.blocks[1]?.props);
  });

  it('keeps placements in step when blocks are added or removed', () => {
    const added = addBlock(gridded, 'spacer', 'g', 'n');
    expect(added.ok && at(added.layout, 0).n).toEqual([1, 3, 12, 1]);
    expect(at(removeBlock(gridded, 'i'), 0)).toEqual({ h: [1, 1, 12, 1], t: [1, 2, 6, 1] });
  });

  it('reorders a grid block in reading order by swapping places with its neighbour', () => {
    const swapped = moveBlock(gridded, 'i', -1);
    expect(at(swapped, 0)).toEqual({ h: [1, 1, 12, 1], t: [7, 2, 6, 1], i: [1, 2, 6, 1] });
    expect(blocksInOrder(swapped.sections[0]!).map((b) => b.id)).toEqual(['h', 'i', 't']);
    expect(ids(moveBlockTo(gridded, 'p', { beforeId: 't' }))).toEqual([['h', 'p', 't', 'i'], []]);
  });
});
