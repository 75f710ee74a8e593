import type { Section } from './layout';

/**
 * A section's layout grid, in the manner of Squarespace's fluid engine: blocks are placed
 * in cells of a grid with 12 columns on wide screens and 4 on phones (4 divides the phone
 * width into cells wide enough to hold a button or a half-width image; 12 divides into
 * halves, thirds and quarters). Rows are as tall as their content, never shorter than one
 * row unit, so an empty row still makes room.
 *
 * The phone arrangement is derived from the desktop one (reading order, full width,
 * stacked) until the owner arranges it; from then on `grid.phone` holds it.
 *
 * Every helper here is pure: it returns a new section and leaves the input alone.
 */
export const GRID_COLUMNS = { desktop: 12, phone: 4 } as const;
export type Breakpoint = keyof typeof GRID_COLUMNS;
/** The tallest a block may be, in rows; also what keeps a hand-edited layout bounded. */
export const MAX_ROW_SPAN = 40;
/** The lowest row a block may start on. */
export const MAX_ROW = 200;

/** Where one block sits: 1-based column and row, and how many of each it spans. */
export interface Placement {
  blockId: string;
  col: number;
  row: number;
  colSpan: number;
  rowSpan: number;
}
export interface SectionGrid {
  desktop: Placement[];
  /** The owner's phone arrangement; absent while it is derived from the desktop one. */
  phone?: Placement[];
}

const clampInt = (n: number, lo: number, hi: number) =>
  Math.min(hi, Math.max(lo, Number.isFinite(n) ? Math.round(n) : lo));

/** Reading order: top to bottom, then left to right. */
export function readingOrder(placements: readonly Placement[]): Placement[] {
  return [...placements].sort((a, b) => a.row - b.row || a.col - b.col);
}

const overlaps = (a: Placement, b: Placement) =>
  a.col < b.col + b.colSpan &&
  b.col < a.col + a.colSpan &&
  a.row < b.row + b.rowSpan &&
  b.row < a.row + a.rowSpan;

/** The first row below every placement (1 when there are none). */
function nextFreeRow(placements: readonly Placement[]): number {
  return placements.reduce((max, p) => Math.max(max, p.row + p.rowSpan), 1);
}

/**
 * Make placements consistent for a breakpoint:
 * - spans and positions are whole numbers, clamped into the grid (a block wider than the
 *   grid is narrowed to it; one that sticks out on the right is moved left);
 * - only blocks of the section keep a placement, each one placement (the first wins);
 * - blocks of the section without a placement are added at the bottom, full width, in
 *   section order;
 * - overlaps are resolved by pushing blocks down: placements are settled in reading order
 *   (the `pinned` block first, so the block the owner just moved or resized stays where it
 *   was put) and each later one moves down until it no longer overlaps a settled one.
 *   Nothing is moved sideways and nothing is pulled up, so the owner's gaps stay.
 */
export function normalisePlacements(
  placements: readonly Placement[],
  breakpoint: Breakpoint,
  blockIds: readonly string[],
  pinned?: string,
): Placement[] {
  const columns = GRID_COLUMNS[breakpoint];
  const known = new Set(blockIds);
  const seen = new Set<string>();
  const clean: Placement[] = [];
  for (const p of placements) {
    if (!known.has(p.blockId) || seen.has(p.blockId)) continue;
    seen.add(p.blockId);
    const colSpan = clampInt(p.colSpan, 1, columns);
    clean.push({
      blockId: p.blockId,
      colSpan,
      col: clampInt(p.col, 1, columns - colSpan + 1),
      row: clampInt(p.row, 1, MAX_ROW),
      rowSpan: clampInt(p.rowSpan, 1, MAX_ROW_SPAN),
    });
  }
  const order = readingOrder(clean);
  const first = order.findIndex((p) => p.blockId === pinned);
  if (first > 0) order.unshift(...order.splice(first, 1));
  const settled: Placement[] = [];
  for (const p of order) {
    const q = { ...p };
    for (let hit = settled.find((s) => overlaps(s, q)); hit; hit = settled.find((s) => overlaps(s, q)))
      q.row = hit.row + hit.rowSpan;
    settled.push(q);
  }
  for (const id of blockIds) {
    if (seen.has(id)) continue;
    settled.push({ blockId: id, col: 1, row: nextFreeRow(settled), colSpan: columns, rowSpan: 1 });
  }
  // Keep the stored order stable and readable: reading order.
  return readingOrder(settled);
}

/**
 * The phone arrangement derived from the desktop one: the blocks in desktop reading order,
 * each the full phone width and as many rows tall as on desktop, stacked one under another.
 */
export function derivePhonePlacements(section: Section): Placement[] {
  const ids = section.blocks.map((b) => b.id);
  const desktop = normalisePlacements(section.grid?.desktop ?? [], 'desktop', ids);
  let row = 1;
  return desktop.map((p) => {
    const placed = { blockId: p.blockId, col: 1, row, colSpan: GRID_COLUMNS.phone, rowSpan: p.rowSpan };
    row += p.rowSpan;
    return placed;
  });
}

/** The phone arrangement in force: the owner's, or the derived one. */
export function phonePlacements(section: Section): Placement[] {
  const phone = section.grid?.phone;
  if (phone === undefined) return derivePhonePlacements(section);
  return normalisePlacements(
    phone,
    'phone',
    section.blocks.map((b) => b.id),
  );
}

/** The placements in force at a breakpoint (desktop ones normalised, phone ones derived if need be). */
export function placementsFor(section: Section, breakpoint: Breakpoint): Placement[] {
  if (breakpoint === 'phone') return phonePlacements(section);
  return normalisePlacements(
    section.grid?.desktop ?? [],
    'desktop',
    section.blocks.map((b) => b.id),
  );
}

/** A section with one breakpoint's placements replaced (and normalised). */
function withPlacements(
  section: Section,
  breakpoint: Breakpoint,
  placements: Placement[],
  pinned?: string,
): Section {
  const ids = section.blocks.map((b) => b.id);
  const next = normalisePlacements(placements, breakpoint, ids, pinned);
  const grid: SectionGrid =
    breakpoint === 'desktop'
      ? {
          desktop: next,
          ...(section.grid?.phone ? { phone: normalisePlacements(section.grid.phone, 'phone', ids) } : {}),
        }
      : { desktop: placementsFor(section, 'desktop'), phone: next };
  return { ...section, grid };
}

function change(
  section: Section,
  blockId: string,
  breakpoint: Breakpoint,
  edit: (p: Placement) => Placement,
): Section {
  if (!section.blocks.some((b) => b.id === blockId)) return section;
  // Changing the phone arrangement makes it the owner's: the derived one is the start.
  const current = placementsFor(section, breakpoint);
  return withPlacements(
    section,
    breakpoint,
    current.map((p) => (p.blockId === blockId ? edit(p) : p)),
    blockId,
  );
}

/**
 * Move a block so its top-left corner is at (col, row); it keeps its size, so a block that
 * would stick out on the right stops at the last column. Blocks it now covers are pushed down.
 */
export function moveBlock(
  section: Section,
  blockId: string,
  breakpoint: Breakpoint,
  col: number,
  row: number,
): Section {
  return change(section, blockId, breakpoint, (p) => ({ ...p, col, row }));
}

/** Resize a block from its top-left corner; blocks it now covers are pushed down. */
export function resizeBlock(
  section: Section,
  blockId: string,
  breakpoint: Breakpoint,
  colSpan: number,
  rowSpan: number,
): Section {
  return change(section, blockId, breakpoint, (p) => ({ ...p, colSpan, rowSpan }));
}

/**
 * Place a block (already in `section.blocks`) at the bottom of the grid, full width at
 * `breakpoint`. Every arrangement the section has must show every block, so it is also put
 * at the bottom of the other arrangement when the owner has one (a derived phone
 * arrangement picks it up by itself). A stacked section becomes a grid first.
 */
export function placeNewBlock(section: Section, blockId: string, breakpoint: Breakpoint): Section {
  if (!section.blocks.some((b) => b.id === blockId)) return section;
  const base = section.grid ? section : gridFromStack(section);
  const without = (bp: Breakpoint) => placementsFor(base, bp).filter((p) => p.blockId !== blockId);
  const atBottom = (bp: Breakpoint): Placement[] => {
    const rest = without(bp);
    return [...rest, { blockId, col: 1, row: nextFreeRow(rest), colSpan: GRID_COLUMNS[bp], rowSpan: 1 }];
  };
  const ids = base.blocks.map((b) => b.id);
  const desktop = normalisePlacements(
    breakpoint === 'desktop' || base.grid?.phone ? atBottom('desktop') : placementsFor(base, 'desktop'),
    'desktop',
    ids,
  );
  if (base.grid?.phone === undefined && breakpoint === 'desktop') return { ...base, grid: { desktop } };
  return { ...base, grid: { desktop, phone: normalisePlacements(atBottom('phone'), 'phone', ids) } };
}

/**
 * Take a block out of the grid (when it is deleted from the section, or moved to another
 * one). The block itself is not touched; remove it from `section.blocks` alongside.
 */
export function removePlacement(section: Section, blockId: string): Section {
  if (!section.grid) return section;
  const drop = (list: readonly Placement[]) => list.filter((p) => p.blockId !== blockId);
  const grid: SectionGrid = { desktop: drop(section.grid.desktop) };
  if (section.grid.phone) grid.phone = drop(section.grid.phone);
  return { ...section, grid };
}

/**
 * Turn a stacked section into a grid that looks as it did: each block full width, one row
 * each, in the order it was stacked; the phone arrangement stays derived. A section that
 * already has a grid is returned as it is.
 */
export function gridFromStack(section: Section): Section {
  if (section.grid) return section;
  return {
    ...section,
    grid: {
      desktop: section.blocks.map((b, i) => ({
        blockId: b.id,
        col: 1,
        row: i + 1,
        colSpan: GRID_COLUMNS.desktop,
        rowSpan: 1,
      })),
    },
  };
}

/** Back to a stacked section, blocks in desktop reading order (the grid is dropped). */
export function stackFromGrid(section: Section): Section {
  if (!section.grid) return section;
  const byId = new Map(section.blocks.map((b) => [b.id, b]));
  const blocks = placementsFor(section, 'desktop').flatMap((p) => byId.get(p.blockId) ?? []);
  const { grid: _grid, ...rest } = section;
  return { ...rest, blocks };
}
