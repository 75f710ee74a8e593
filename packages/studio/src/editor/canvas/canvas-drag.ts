import { type Breakpoint, GRID_COLUMNS, type Layout, type Placement, placementsFor } from '@store/blocks';
import { moveToSection, placeBlock, sectionOf, sizeBlock } from '../layout-edits';
import { type Cell, type GridGeometry, cellAt, cellBox, dragTarget, resizeTarget } from './grid-geometry';
import { type Box, hitAt, sectionGrid } from './frame-measure';

/** A drag on the canvas in progress: moving a block (its body or grip) or resizing it (its corner). */
export interface Drag {
  kind: 'move' | 'resize';
  blockId: string;
  sectionId: string;
  breakpoint: Breakpoint;
  placement: Placement;
  grab: Cell;
  start: { x: number; y: number };
  /** Past the few pixels that tell a drag from a click. */
  active: boolean;
  grids: Map<string, GridGeometry | null>;
}

/** Where the dragged block would land, for drawing it and for the edit at the drop. */
export interface Landing {
  sectionId: string;
  placement: Placement;
  box: Box;
  /** The target grid's columns, drawn as guides while dragging. */
  guides: Box[];
}

const THRESHOLD = 4;

/** Start a drag of a block at a point of the frame's viewport (null if it cannot be measured). */
export function startDrag(
  doc: Document,
  layout: Layout,
  kind: Drag['kind'],
  blockId: string,
  breakpoint: Breakpoint,
  point: { x: number; y: number },
): Drag | null {
  const section = sectionOf(layout, blockId);
  if (!section) return null;
  const placement = placementsFor(section, breakpoint).find((p) => p.blockId === blockId);
  const grid = sectionGrid(doc, section.id, breakpoint);
  if (!placement || !grid) return null;
  return {
    kind,
    blockId,
    sectionId: section.id,
    breakpoint,
    placement,
    grab: cellAt(point, grid),
    start: point,
    active: false,
    grids: new Map([[section.id, grid]]),
  };
}

function gridOf(doc: Document, drag: Drag, sectionId: string): GridGeometry | null {
  if (!drag.grids.has(sectionId)) drag.grids.set(sectionId, sectionGrid(doc, sectionId, drag.breakpoint));
  return drag.grids.get(sectionId) ?? null;
}

function guides(grid: GridGeometry): Box[] {
  const rows = Math.max(1, grid.rows.length);
  return grid.columns.map((_, i) => cellBox(grid, { col: i + 1, row: 1, colSpan: 1, rowSpan: rows }));
}

/**
 * Where the block lands with the pointer at `point`: in its own grid, moved by the cells
 * the pointer moved (or resized to the cell under it); over another section (moving only),
 * at the cell under the pointer there, keeping its size. Null until the drag is a drag.
 */
export function landing(doc: Document, drag: Drag, point: { x: number; y: number }): Landing | null {
  if (!drag.active) {
    if (Math.hypot(point.x - drag.start.x, point.y - drag.start.y) < THRESHOLD) return null;
    drag.active = true;
  }
  const columns = GRID_COLUMNS[drag.breakpoint];
  const over = drag.kind === 'move' ? hitAt(doc, point.x, point.y).sectionId : undefined;
  const sectionId = over ?? drag.sectionId;
  const grid = gridOf(doc, drag, sectionId) ?? gridOf(doc, drag, drag.sectionId);
  if (!grid) return null;
  const cell = cellAt(point, grid);
  let placement: Placement;
  if (drag.kind === 'resize') {
    placement = { ...drag.placement, ...resizeTarget(drag.placement, cell, columns) };
  } else if (sectionId === drag.sectionId) {
    placement = { ...drag.placement, ...dragTarget(drag.placement, drag.grab, cell, columns) };
  } else {
    // In another section the grab offset is kept across, the row is the one under the pointer.
    const col = cell.col - (drag.grab.col - drag.placement.col);
    placement = {
      ...drag.placement,
      col: Math.min(Math.max(1, col), columns - drag.placement.colSpan + 1),
      row: cell.row,
    };
  }
  return { sectionId, placement, box: cellBox(grid, placement), guides: guides(grid) };
}

/** The edit a drop makes: one change to the layout (one undo step), or the layout as it was. */
export function drop(layout: Layout, drag: Drag, land: Landing): Layout {
  const { placement: p, sectionId } = land;
  const was = drag.placement;
  if (drag.kind === 'resize') {
    if (p.colSpan === was.colSpan && p.rowSpan === was.rowSpan) return layout;
    return sizeBlock(layout, drag.blockId, drag.breakpoint, { colSpan: p.colSpan, rowSpan: p.rowSpan });
  }
  if (sectionId !== drag.sectionId)
    return moveToSection(layout, drag.blockId, sectionId, drag.breakpoint, { col: p.col, row: p.row });
  if (p.col === was.col && p.row === was.row) return layout;
  return placeBlock(layout, drag.blockId, drag.breakpoint, { col: p.col, row: p.row });
}
