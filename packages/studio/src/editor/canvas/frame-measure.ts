import { type Breakpoint, GRID_COLUMNS } from '@store/blocks';
import { type GridGeometry, parseTracks } from './grid-geometry';

/**
 * Reading the preview frame's layout from the studio (the frame runs no scripts of its
 * own): where blocks and sections are and how their grids are laid out, in the frame's
 * viewport pixels.
 */

/** The theme switches grids to their phone arrangement below this width (sections.css). */
export const PHONE_BELOW = 640;
/** The height of a grid row past a section's last one, for dragging below its content. */
const ROW_UNIT = 48;

export function breakpointOf(doc: Document): Breakpoint {
  return (doc.defaultView?.innerWidth ?? 1280) < PHONE_BELOW ? 'phone' : 'desktop';
}

const cssId = (id: string) => id.replace(/["\\]/g, '\\$&');

export function blockElement(doc: Document, blockId: string): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[data-block-id="${cssId(blockId)}"]`);
}

export function sectionElement(doc: Document, sectionId: string): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`[data-section-id="${cssId(sectionId)}"]`);
}

/** The block, and the section, under a point of the frame's viewport. */
export function hitAt(doc: Document, x: number, y: number): { blockId?: string; sectionId?: string } {
  const el = doc.elementFromPoint(x, y);
  const block = el?.closest('[data-block-id]')?.getAttribute('data-block-id') ?? undefined;
  const section = el?.closest('[data-section-id]')?.getAttribute('data-section-id') ?? undefined;
  return { blockId: block, sectionId: section };
}

/**
 * The grid of a section as the browser laid it out. A gridded section reads its resolved
 * tracks; a stacked one is measured as the grid it becomes at its first canvas edit (the
 * columns across its content, one row per block).
 */
export function sectionGrid(doc: Document, sectionId: string, breakpoint: Breakpoint): GridGeometry | null {
  const section = sectionElement(doc, sectionId);
  if (!section) return null;
  const view = doc.defaultView;
  const grid = section.querySelector<HTMLElement>('.section-grid');
  if (grid && view) {
    const style = view.getComputedStyle(grid);
    const box = grid.getBoundingClientRect();
    const columns = parseTracks(style.gridTemplateColumns);
    const rows = parseTracks(style.gridTemplateRows);
    if (columns.length) {
      const px = (v: string) => Number.parseFloat(v) || 0;
      return {
        left: box.left + px(style.paddingLeft) + px(style.borderLeftWidth),
        top: box.top + px(style.paddingTop) + px(style.borderTopWidth),
        columns,
        rows,
        columnGap: px(style.columnGap),
        rowGap: px(style.rowGap),
        rowUnit: ROW_UNIT,
      };
    }
  }
  const blocks = [...section.querySelectorAll<HTMLElement>('[data-block-id]')].filter(
    (b) => b.closest('[data-section-id]') === section,
  );
  const content = section.querySelector<HTMLElement>('.section-content') ?? section;
  const box = content.getBoundingClientRect();
  const count = GRID_COLUMNS[breakpoint];
  const top = blocks[0]?.getBoundingClientRect().top ?? box.top;
  const rows = blocks.map((b, i) => {
    const next = blocks[i + 1];
    const r = b.getBoundingClientRect();
    return Math.max(1, (next ? next.getBoundingClientRect().top : r.bottom) - r.top);
  });
  return {
    left: box.left,
    top,
    columns: Array.from({ length: count }, () => box.width / count),
    rows,
    columnGap: 0,
    rowGap: 0,
    rowUnit: ROW_UNIT,
  };
}

/** A box in the frame's viewport, relative to the overlay laid over the frame. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, width: r.width, height: r.height };
}
