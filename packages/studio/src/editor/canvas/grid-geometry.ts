import { MAX_ROW, MAX_ROW_SPAN, type Placement } from '@store/blocks';

/**
 * Where the cells of a section's grid are on the canvas, in the preview frame's viewport
 * pixels: the grid's content box origin, its column and row track sizes (as the browser
 * resolved them) and the gaps between tracks. Rows past the last one are `rowUnit` tall,
 * so a block can be dragged below the section's current content.
 */
export interface GridGeometry {
  left: number;
  top: number;
  columns: number[];
  rows: number[];
  columnGap: number;
  rowGap: number;
  rowUnit: number;
}

export interface Cell {
  col: number;
  row: number;
}

/**
 * The track sizes of a resolved `grid-template-columns` / `grid-template-rows` value
 * ("120px 120.5px [name] 80px"); line names and anything that is not a pixel size are
 * skipped. "none" (not a grid) gives no tracks.
 */
export function parseTracks(value: string): number[] {
  return value
    .replace(/\[[^\]]*\]/g, ' ')
    .split(/\s+/)
    .filter((t) => /^-?\d+(\.\d+)?px$/.test(t))
    .map((t) => Number.parseFloat(t));
}

/**
 * The 1-based track at `offset` pixels from the grid's start edge. An offset in a gap
 * belongs to the track before it when it is in that gap's first half; before the grid
 * is track 1; past the last track the grid goes on in steps of `unit` (plus the gap).
 */
export function trackAt(offset: number, sizes: readonly number[], gap: number, unit: number): number {
  if (offset <= 0 || !sizes.length) return 1;
  let start = 0;
  for (const [i, size] of sizes.entries()) {
    const end = start + size;
    if (offset < end + gap / 2) return i + 1;
    start = end + gap;
  }
  const step = Math.max(1, unit) + gap;
  return sizes.length + 1 + Math.floor((offset - start + gap / 2) / step);
}

/** The cell under a point (frame viewport pixels). */
export function cellAt(point: { x: number; y: number }, grid: GridGeometry): Cell {
  const col = Math.min(
    Math.max(1, grid.columns.length),
    trackAt(point.x - grid.left, grid.columns, grid.columnGap, grid.columns.at(-1) ?? 1),
  );
  const row = Math.min(MAX_ROW, trackAt(point.y - grid.top, grid.rows, grid.rowGap, grid.rowUnit));
  return { col, row };
}

/** The pixel box of a cell range, for drawing where a block will land. */
export function cellBox(
  grid: GridGeometry,
  at: { col: number; row: number; colSpan: number; rowSpan: number },
): { left: number; top: number; width: number; height: number } {
  const edge = (sizes: readonly number[], gap: number, unit: number, index: number) => {
    let pos = 0;
    for (let i = 1; i < index; i++) pos += (sizes[i - 1] ?? unit) + gap;
    return pos;
  };
  const colStart = edge(grid.columns, grid.columnGap, grid.columns.at(-1) ?? 1, at.col);
  const colEnd = edge(grid.columns, grid.columnGap, grid.columns.at(-1) ?? 1, at.col + at.colSpan);
  const rowStart = edge(grid.rows, grid.rowGap, grid.rowUnit, at.row);
  const rowEnd = edge(grid.rows, grid.rowGap, grid.rowUnit, at.row + at.rowSpan);
  return {
    left: grid.left + colStart,
    top: grid.top + rowStart,
    width: Math.max(0, colEnd - colStart - grid.columnGap),
    height: Math.max(0, rowEnd - rowStart - grid.rowGap),
  };
}

/**
 * Dragging a block: it was grabbed at `grab` (a cell it covers) and the pointer is now
 * over `pointer`; its top-left corner follows by the same number of cells, kept inside
 * the grid's columns and below row 1.
 */
export function dragTarget(placement: Placement, grab: Cell, pointer: Cell, columns: number): Cell {
  const col = placement.col + (pointer.col - grab.col);
  const row = placement.row + (pointer.row - grab.row);
  return {
    col: Math.min(Math.max(1, col), Math.max(1, columns - placement.colSpan + 1)),
    row: Math.min(Math.max(1, row), MAX_ROW),
  };
}

/**
 * Resizing a block by its bottom-right corner to the cell under the pointer: it spans from
 * its own top-left cell to that one, at least one cell, never past the grid's columns.
 */
export function resizeTarget(
  placement: Placement,
  pointer: Cell,
  columns: number,
): { colSpan: number; rowSpan: number } {
  return {
    colSpan: Math.min(Math.max(1, pointer.col - placement.col + 1), columns - placement.col + 1),
    rowSpan: Math.min(Math.max(1, pointer.row - placement.row + 1), MAX_ROW_SPAN),
  };
}
