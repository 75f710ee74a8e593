import { describe, expect, it } from 'vitest';
import {
  type GridGeometry,
  cellAt,
  cellBox,
  dragTarget,
  parseTracks,
  resizeTarget,
  trackAt,
} from './grid-geometry';

// Two 100 px columns with a 20 px gap, rows of 50 and 80 px with a 10 px gap, starting at (10, 200).
const grid: GridGeometry = {
  left: 10,
  top: 200,
  columns: [100, 100],
  rows: [50, 80],
  columnGap: 20,
  rowGap: 10,
  rowUnit: 40,
};

describe('parseTracks', () => {
  it('reads resolved track sizes and skips line names', () => {
    expect(parseTracks('120px 120.5px [main-end] 80px')).toEqual([120, 120.5, 80]);
    expect(parseTracks('none')).toEqual([]);
  });
});

describe('trackAt', () => {
  it('finds the track, splitting gaps at their middle', () => {
    expect(trackAt(-5, [100, 100], 20, 100)).toBe(1);
    expect(trackAt(99, [100, 100], 20, 100)).toBe(1);
    expect(trackAt(109, [100, 100], 20, 100)).toBe(1);
    expect(trackAt(111, [100, 100], 20, 100)).toBe(2);
    expect(trackAt(219, [100, 100], 20, 100)).toBe(2);
  });
  it('goes on past the last track in steps of the unit', () => {
    // Track 3 would start at 240 and be 40 + 20 long.
    expect(trackAt(231, [100, 100], 20, 40)).toBe(3);
    expect(trackAt(289, [100, 100], 20, 40)).toBe(3);
    expect(trackAt(291, [100, 100], 20, 40)).toBe(4);
  });
});

describe('cellAt', () => {
  it('maps a point in frame pixels to a 1-based cell', () => {
    expect(cellAt({ x: 20, y: 210 }, grid)).toEqual({ col: 1, row: 1 });
    expect(cellAt({ x: 150, y: 270 }, grid)).toEqual({ col: 2, row: 2 });
  });
  it('never answers a column outside the grid, but rows go on below it', () => {
    expect(cellAt({ x: 900, y: 200 + 50 + 10 + 80 + 10 + 5 }, grid)).toEqual({ col: 2, row: 3 });
    expect(cellAt({ x: -50, y: 100 }, grid)).toEqual({ col: 1, row: 1 });
  });
});

describe('cellBox', () => {
  it('spans tracks and the gaps between them', () => {
    expect(cellBox(grid, { col: 1, row: 1, colSpan: 2, rowSpan: 1 })).toEqual({
      left: 10,
      top: 200,
      width: 220,
      height: 50,
    });
    expect(cellBox(grid, { col: 2, row: 2, colSpan: 1, rowSpan: 2 })).toEqual({
      left: 130,
      top: 260,
      width: 100,
      height: 80 + 10 + 40,
    });
  });
});

describe('dragTarget', () => {
  const placement = { blockId: 'b', col: 1, row: 2, colSpan: 6, rowSpan: 1 };
  it('moves the block by as many cells as the pointer moved from where it grabbed it', () => {
    expect(dragTarget(placement, { col: 3, row: 2 }, { col: 9, row: 1 }, 12)).toEqual({ col: 7, row: 1 });
  });
  it('keeps the block inside the columns and below row 1', () => {
    expect(dragTarget(placement, { col: 1, row: 2 }, { col: 12, row: 1 }, 12)).toEqual({ col: 7, row: 1 });
    expect(dragTarget(placement, { col: 6, row: 2 }, { col: 1, row: 1 }, 12)).toEqual({ col: 1, row: 1 });
    expect(dragTarget(placement, { col: 1, row: 2 }, { col: 1, row: -3 }, 12)).toEqual({ col: 1, row: 1 });
  });
});

describe('resizeTarget', () => {
  const placement = { blockId: 'b', col: 3, row: 2, colSpan: 2, rowSpan: 1 };
  it('spans from the top-left cell to the cell under the pointer', () => {
    expect(resizeTarget(placement, { col: 8, row: 4 }, 12)).toEqual({ colSpan: 6, rowSpan: 3 });
  });
  it('is at least one cell and never wider than the columns left', () => {
    expect(resizeTarget(placement, { col: 1, row: 1 }, 12)).toEqual({ colSpan: 1, rowSpan: 1 });
    expect(resizeTarget(placement, { col: 40, row: 2 }, 12)).toEqual({ colSpan: 10, rowSpan: 1 });
  });
});
