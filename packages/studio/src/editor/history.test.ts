import { describe, expect, it } from 'vitest';
import { amend, record, redo, startHistory, undo } from './history';

describe('editor history', () => {
  it('undoes and redoes in order, and a new edit drops the redo branch', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'd');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('amends the present without a step of its own: one in-place edit is one undo', () => {
    let h = startHistory('');
    h = record(h, 'S');
    h = amend(h, 'Sp');
    h = amend(h, 'Spring');
    expect(h.present).toBe('Spring');
    expect(h.past).toEqual(['']);
    expect(undo(h).present).toBe('');
    expect(amend(h, 'Spring')).toBe(h);
  });
});
