import { type Layout, MAX_BLOCKS_PER_LAYOUT, TOO_MANY_BLOCKS_MESSAGE } from '@store/blocks';
import { describe, expect, it } from 'vitest';
import { addBlock, moveBlock, moveBlockTo, removeBlock, updateProps } from './layout-edits';

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
