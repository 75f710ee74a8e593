import { describe, expect, it } from 'vitest';
import {
  GRID_COLUMNS,
  type Placement,
  derivePhonePlacements,
  gridFromStack,
  moveBlock,
  normalisePlacements,
  phonePlacements,
  placeNewBlock,
  removePlacement,
  resizeBlock,
  stackFromGrid,
} from './grid';
import { type Section, checkLayout } from './layout';

const block = (id: string) => ({ id, type: 'text' as const, props: { html: `<p>${id}</p>` } });
const at = (blockId: string, col: number, row: number, colSpan: number, rowSpan = 1): Placement => ({
  blockId,
  col,
  row,
  colSpan,
  rowSpan,
});
/** Two columns side by side, then a full-width block under them. */
const twoColumns = (): Section => ({
  id: 's1',
  blocks: [block('a'), block('b'), block('c')],
  grid: { desktop: [at('b', 7, 1, 6, 2), at('a', 1, 1, 6, 3), at('c', 1, 4, 12)] },
});

describe('section grid helpers', () => {
  it('uses 12 columns on desktop and 4 on phones', () => {
    expect(GRID_COLUMNS).toEqual({ desktop: 12, phone: 4 });
  });

  it('derives the phone arrangement from desktop reading order, full width, stacked', () => {
    expect(derivePhonePlacements(twoColumns())).toEqual([
      at('a', 1, 1, 4, 3),
      at('b', 1, 4, 4, 2),
      at('c', 1, 6, 4),
    ]);
    expect(phonePlacements(twoColumns())).toEqual(derivePhonePlacements(twoColumns()));
  });

  it("keeps the owner's phone arrangement once there is one", () => {
    const section = {
      ...twoColumns(),
      grid: { ...twoColumns().grid!, phone: [at('c', 1, 1, 4), at('a', 1, 2, 2), at('b', 3, 2, 2)] },
    };
    expect(phonePlacements(section)).toEqual([at('c', 1, 1, 4), at('a', 1, 2, 2), at('b', 3, 2, 2)]);
  });

  it('clamps placements into the grid and drops strangers and repeats', () => {
    const out = normalisePlacements(
      [at('a', 10, 0, 6), at('x', 1, 1, 4), at('a', 1, 5, 2), at('b', 1, 3, 40, 0)],
      'desktop',
      ['a', 'b'],
    );
    expect(out).toEqual([at('a', 7, 1, 6), at('b', 1, 3, 12)]);
  });

  it('pushes overlapping blocks down and places unplaced blocks at the bottom', () => {
    const out = normalisePlacements([at('a', 1, 1, 8, 2), at('b', 5, 2, 8)], 'desktop', ['a', 'b', 'c']);
    expect(out).toEqual([at('a', 1, 1, 8, 2), at('b', 5, 3, 8), at('c', 1, 4, 12)]);
  });

  it('moves a block and pushes what it lands on down; the moved block stays put', () => {
    const moved = moveBlock(twoColumns(), 'c', 'desktop', 3, 1);
    // A full-width block keeps its width: it cannot go further right than column 1.
    expect(moved.grid?.desktop).toEqual([at('c', 1, 1, 12), at('a', 1, 2, 6, 3), at('b', 7, 2, 6, 2)]);
    const across = moveBlock(twoColumns(), 'b', 'desktop', 10, 3);
    expect(across.grid?.desktop).toEqual([at('a', 1, 1, 6, 3), at('b', 7, 3, 6, 2), at('c', 1, 5, 12)]);
    // The phone arrangement stays derived (and so follows).
    expect(moved.grid?.phone).toBeUndefined();
  });

  it('moving on the phone makes the phone arrangement the owner’s and leaves desktop alone', () => {
    const moved = moveBlock(twoColumns(), 'c', 'phone', 1, 1);
    expect(moved.grid?.phone).toEqual([at('c', 1, 1, 4), at('a', 1, 2, 4, 3), at('b', 1, 5, 4, 2)]);
    expect(moved.grid?.desktop).toEqual(
      normalisePlacements(twoColumns().grid!.desktop, 'desktop', ['a', 'b', 'c']),
    );
  });

  it('resizes a block within the columns and pushes others down', () => {
    const resized = resizeBlock(twoColumns(), 'a', 'desktop', 8, 1);
    expect(resized.grid?.desktop).toEqual([at('a', 1, 1, 8), at('b', 7, 2, 6, 2), at('c', 1, 4, 12)]);
    const wide = resizeBlock(twoColumns(), 'b', 'desktop', 30, 2);
    expect(wide.grid?.desktop.find((p) => p.blockId === 'b')).toEqual(at('b', 1, 1, 12, 2));
  });

  it('ignores moves of blocks that are not in the section', () => {
    const section = twoColumns();
    expect(moveBlock(section, 'nope', 'desktop', 1, 1)).toBe(section);
  });

  it('places a new block at the bottom, in both arrangements when the phone one is the owner’s', () => {
    const base = twoColumns();
    const added = { ...base, blocks: [...base.blocks, block('d')] };
    expect(placeNewBlock(added, 'd', 'desktop').grid?.desktop.at(-1)).toEqual(at('d', 1, 4 + 1, 12));
    expect(placeNewBlock(added, 'd', 'desktop').grid?.phone).toBeUndefined();
    const owned = moveBlock(added, 'c', 'phone', 1, 1);
    const placed = placeNewBlock(owned, 'd', 'phone');
    expect(placed.grid?.phone?.at(-1)).toEqual(at('d', 1, 7, 4));
    expect(placed.grid?.desktop.at(-1)).toEqual(at('d', 1, 5, 12));
  });

  it('removes a block from both arrangements', () => {
    const owned = moveBlock(twoColumns(), 'c', 'phone', 1, 1);
    const removed = removePlacement(owned, 'a');
    expect(removed.grid?.desktop.map((p) => p.blockId)).toEqual(['b', 'c']);
    expect(removed.grid?.phone?.map((p) => p.blockId)).toEqual(['c', 'b']);
  });

  it('turns a stacked section into a full-width grid and back', () => {
    const stacked: Section = { id: 's', blocks: [block('a'), block('b')] };
    const gridded = gridFromStack(stacked);
    expect(gridded.grid).toEqual({ desktop: [at('a', 1, 1, 12), at('b', 1, 2, 12)] });
    expect(gridFromStack(gridded)).toBe(gridded);
    expect(stackFromGrid(moveBlock(gridded, 'b', 'desktop', 1, 1))).toEqual({
      id: 's',
      blocks: [block('b'), block('a')],
    });
    expect(stacked.grid).toBeUndefined();
  });
});

describe('checkLayout with section settings', () => {
  const layout = (section: Record<string, unknown>) => ({
    sections: [{ id: 's1', blocks: [block('a'), block('b')], ...section }],
  });

  it('accepts a stacked section as before (no new fields added)', () => {
    const r = checkLayout(layout({}));
    expect(r.ok && Object.keys(r.layout.sections[0]!)).toEqual(['id', 'blocks']);
  });

  it('accepts background, padding and grid, and normalises overlaps', () => {
    const r = checkLayout(
      layout({
        background: {
          color: '#1A2b3c',
          image: { src: '/s/photo.jpg', mediaId: 'm1', focalX: 0.25, focalY: 1, alt: 'Shop' },
          video: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
          overlay: 0.4,
        },
        padding: 'large',
        grid: { desktop: [at('a', 1, 1, 6), at('b', 3, 1, 6)], phone: [at('b', 1, 1, 4)] },
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.layout.sections[0]!;
    expect(s.padding).toBe('large');
    expect(s.background?.image?.focalX).toBe(0.25);
    expect(s.grid?.desktop).toEqual([at('a', 1, 1, 6), at('b', 3, 2, 6)]);
    expect(s.grid?.phone).toEqual([at('b', 1, 1, 4), at('a', 1, 2, 4)]);
  });

  it.each([
    [{ background: { color: 'red' } }, 'Section 1: Use a colour like #1a2b3c.'],
    [
      { background: { image: { src: '/a.jpg', focalX: 1.5, focalY: 0 } } },
      'Section 1: The focal point must be between 0 and 1.',
    ],
    [
      { background: { image: { src: 'javascript:alert(1)', focalX: 0, focalY: 0 } } },
      'Section 1: Choose an image from the media library.',
    ],
    [
      { background: { image: { src: 'https://elsewhere.example/a.jpg', focalX: 0, focalY: 0 } } },
      'Section 1: Choose an image from the media library.',
    ],
    [{ background: { overlay: 2 } }, 'Section 1: The overlay must be between 0 and 1.'],
    [{ background: { video: { url: '' } } }, 'Section 1: Add a video link.'],
    [{ padding: 'huge' }, 'Section 1: Padding is none, small, medium or large.'],
    [{ grid: { desktop: [at('a', 1, 1, 13)] } }, 'Section 1: The width in columns must be at most 12.'],
    [{ grid: { desktop: [at('a', 1, 1, 1.5)] } }, 'Section 1: The width in columns must be a whole number.'],
    [{ grid: { desktop: [at('a', 0, 1, 1)] } }, 'Section 1: The column must be at least 1.'],
    [
      { grid: { desktop: [at('a', 8, 1, 6)] } },
      'Section 1: block a reaches past column 12 of the desktop layout (12 columns).',
    ],
    [
      { grid: { desktop: [], phone: [at('a', 2, 1, 4)] } },
      'Section 1: block a reaches past column 4 of the phone layout (4 columns).',
    ],
    [
      { grid: { desktop: [at('zz', 1, 1, 4)] } },
      'Section 1: the desktop layout places block zz, which is not in this section.',
    ],
    [
      { grid: { desktop: [at('a', 1, 1, 4), at('a', 5, 1, 4)] } },
      'Section 1: the desktop layout places block a twice.',
    ],
  ])('refuses %j with an owner-readable message', (section, message) => {
    const r = checkLayout(layout(section));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe(message);
  });

  it('refuses a placement of a block from another section', () => {
    const r = checkLayout({
      sections: [
        { id: 's1', blocks: [block('a')], grid: { desktop: [at('b', 1, 1, 12)] } },
        { id: 's2', blocks: [block('b')] },
      ],
    });
    expect(r).toMatchObject({
      ok: false,
      message: 'Section 1: the desktop layout places block b, which is not in this section.',
    });
  });
});
