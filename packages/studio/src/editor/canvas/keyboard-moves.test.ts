import { describe, expect, it } from 'vitest';
import { blockedMessage, describePlacement, keyEdit } from './keyboard-moves';

const at = { blockId: 'b', col: 1, row: 1, colSpan: 6, rowSpan: 1 };

describe('keyEdit', () => {
  it('moves one cell per arrow key', () => {
    expect(keyEdit(at, 'ArrowRight', false, 12)).toEqual({ kind: 'move', col: 2, row: 1 });
    expect(keyEdit(at, 'ArrowDown', false, 12)).toEqual({ kind: 'move', col: 1, row: 2 });
    expect(keyEdit({ ...at, col: 4, row: 3 }, 'ArrowLeft', false, 12)).toEqual({
      kind: 'move',
      col: 3,
      row: 3,
    });
    expect(keyEdit({ ...at, row: 3 }, 'ArrowUp', false, 12)).toEqual({ kind: 'move', col: 1, row: 2 });
  });
  it('refuses to leave the grid', () => {
    expect(keyEdit(at, 'ArrowLeft', false, 12)).toBeNull();
    expect(keyEdit(at, 'ArrowUp', false, 12)).toBeNull();
    expect(keyEdit({ ...at, col: 7 }, 'ArrowRight', false, 12)).toBeNull();
  });
  it('resizes by one cell with Shift: right and down grow, left and up shrink', () => {
    expect(keyEdit(at, 'ArrowRight', true, 12)).toEqual({ kind: 'resize', colSpan: 7, rowSpan: 1 });
    expect(keyEdit(at, 'ArrowLeft', true, 12)).toEqual({ kind: 'resize', colSpan: 5, rowSpan: 1 });
    expect(keyEdit(at, 'ArrowDown', true, 12)).toEqual({ kind: 'resize', colSpan: 6, rowSpan: 2 });
    expect(keyEdit(at, 'ArrowUp', true, 12)).toBeNull();
    expect(keyEdit({ ...at, col: 7 }, 'ArrowRight', true, 12)).toBeNull();
    expect(keyEdit({ ...at, colSpan: 1 }, 'ArrowLeft', true, 12)).toBeNull();
  });
  it('ignores other keys', () => {
    expect(keyEdit(at, 'Enter', false, 12)).toBeNull();
  });
});

describe('announcements', () => {
  it('say where the block is and how big, in words', () => {
    expect(describePlacement('Heading', { ...at, col: 7, colSpan: 6 }, 12)).toBe(
      'Heading: column 7 of 12, row 1, 6 columns wide, 1 row tall',
    );
    expect(describePlacement('Text', { ...at, colSpan: 1, rowSpan: 2 }, 4)).toBe(
      'Text: column 1 of 4, row 1, 1 column wide, 2 rows tall',
    );
  });
  it('say why nothing moved', () => {
    expect(blockedMessage('Heading', 'ArrowLeft', false)).toBe('Heading cannot move further left.');
    expect(blockedMessage('Heading', 'ArrowUp', true)).toBe('Heading cannot be smaller that way.');
  });
});
