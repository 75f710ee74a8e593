import type { Layout } from '@store/blocks';
import { describe, expect, it } from 'vitest';
import { type Drag, type Landing, drop } from './canvas-drag';

const layout: Layout = {
  sections: [
    {
      id: 'two',
      blocks: [
        { id: 't', type: 'text', props: {} },
        { id: 'b', type: 'button', props: {} },
      ],
      grid: {
        desktop: [
          { blockId: 't', col: 1, row: 1, colSpan: 6, rowSpan: 1 },
          { blockId: 'b', col: 1, row: 2, colSpan: 6, rowSpan: 1 },
        ],
      },
    },
    { id: 'plain', blocks: [{ id: 'h', type: 'heading', props: {} }] },
  ],
};

const dragOf = (kind: Drag['kind'], breakpoint: Drag['breakpoint'] = 'desktop'): Drag => ({
  kind,
  blockId: 'b',
  sectionId: 'two',
  breakpoint,
  placement: { blockId: 'b', col: 1, row: 2, colSpan: 6, rowSpan: 1 },
  grab: { col: 2, row: 2 },
  start: { x: 0, y: 0 },
  active: true,
  grids: new Map(),
});
const land = (sectionId: string, p: Partial<Landing['placement']>): Landing => ({
  sectionId,
  placement: { blockId: 'b', col: 1, row: 2, colSpan: 6, rowSpan: 1, ...p },
  box: { left: 0, top: 0, width: 0, height: 0 },
  guides: [],
});

describe('dropping a dragged block', () => {
  it('moves it to the cell it was dropped on: the other column of a two-column section', () => {
    const next = drop(layout, dragOf('move'), land('two', { col: 7, row: 1 }));
    expect(next.sections[0]?.grid?.desktop).toContainEqual({
      blockId: 'b',
      col: 7,
      row: 1,
      colSpan: 6,
      rowSpan: 1,
    });
    expect(next.sections[0]?.grid?.desktop).toContainEqual({
      blockId: 't',
      col: 1,
      row: 1,
      colSpan: 6,
      rowSpan: 1,
    });
  });

  it('changes nothing (no undo step) when dropped where it was', () => {
    expect(drop(layout, dragOf('move'), land('two', {}))).toBe(layout);
    expect(drop(layout, dragOf('resize'), land('two', {}))).toBe(layout);
  });

  it('resizes it from its corner', () => {
    const next = drop(layout, dragOf('resize'), land('two', { colSpan: 12, rowSpan: 2 }));
    expect(next.sections[0]?.grid?.desktop).toContainEqual({
      blockId: 'b',
      col: 1,
      row: 2,
      colSpan: 12,
      rowSpan: 2,
    });
  });

  it('moves it into another section at the cell dropped on, keeping its width', () => {
    const next = drop(layout, dragOf('move'), land('plain', { col: 4, row: 1 }));
    expect(next.sections.map((s) => s.blocks.map((b) => b.id))).toEqual([['t'], ['h', 'b']]);
    expect(next.sections[1]?.grid?.desktop).toContainEqual({
      blockId: 'b',
      col: 4,
      row: 1,
      colSpan: 6,
      rowSpan: 1,
    });
    expect(next.sections[0]?.grid?.desktop.map((p) => p.blockId)).toEqual(['t']);
  });

  it('on the phone, arranges the phone layout and leaves the desktop one alone', () => {
    const next = drop(layout, dragOf('move', 'phone'), land('two', { col: 1, row: 1, colSpan: 4 }));
    expect(next.sections[0]?.grid?.desktop).toEqual(layout.sections[0]?.grid?.desktop);
    expect(next.sections[0]?.grid?.phone?.[0]).toEqual({
      blockId: 'b',
      col: 1,
      row: 1,
      colSpan: 4,
      rowSpan: 1,
    });
  });
});
