import { MAX_ROW, MAX_ROW_SPAN, type Placement } from '@store/blocks';

/** What one arrow key does to the selected block's placement. */
export type KeyEdit =
  | { kind: 'move'; col: number; row: number }
  | { kind: 'resize'; colSpan: number; rowSpan: number };

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Arrow keys move the block one cell; with Shift they resize it by one cell from its
 * bottom-right corner (Right/Down grow, Left/Up shrink). An edit that would leave the grid
 * (or shrink below one cell) gives null: nothing changes and nothing is recorded.
 */
export function keyEdit(placement: Placement, key: string, shift: boolean, columns: number): KeyEdit | null {
  const step = STEPS[key];
  if (!step) return null;
  const [dx, dy] = step;
  if (shift) {
    const colSpan = placement.colSpan + dx;
    const rowSpan = placement.rowSpan + dy;
    if (colSpan < 1 || placement.col + colSpan - 1 > columns || rowSpan < 1 || rowSpan > MAX_ROW_SPAN)
      return null;
    return { kind: 'resize', colSpan, rowSpan };
  }
  const col = placement.col + dx;
  const row = placement.row + dy;
  if (col < 1 || col + placement.colSpan - 1 > columns || row < 1 || row > MAX_ROW) return null;
  return { kind: 'move', col, row };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What the live region says after a move or resize ("Heading: column 7, row 1, 6 columns wide, 1 row tall"). */
export function describePlacement(label: string, placement: Placement, columns: number): string {
  return `${label}: column ${placement.col} of ${columns}, row ${placement.row}, ${plural(placement.colSpan, 'column')} wide, ${plural(placement.rowSpan, 'row')} tall`;
}

/** What the live region says when an arrow key cannot move or resize any further. */
export function blockedMessage(label: string, key: string, shift: boolean): string {
  if (shift)
    return `${label} cannot be ${key === 'ArrowLeft' || key === 'ArrowUp' ? 'smaller' : 'larger'} that way.`;
  const way = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' }[key] ?? 'that way';
  return `${label} cannot move further ${way}.`;
}
