import { describe, expect, it } from 'vitest';
import {
  type AddToCartButtonEvent,
  type AddToCartButtonState,
  addToCartButtonReducer,
  initialAddToCartButtonState,
} from './add-to-cart-button';
import { ADDED_DELAY_MS, ADDED_RESET_MS, ERROR_RESET_MS, SELECT_OPTION_FLASH_MS } from '../constants';

const run = (
  events: (AddToCartButtonEvent | 'TIMER')[],
  start = initialAddToCartButtonState('Add to Cart'),
) =>
  events.reduce<AddToCartButtonState>(
    (state, event) =>
      addToCartButtonReducer(state, event === 'TIMER' ? { type: 'TIMER_ELAPSED', seq: state.seq } : event),
    start,
  );

describe('add-to-cart button timings', () => {
  it('uses the spec timings', () => {
    expect([ADDED_DELAY_MS, ADDED_RESET_MS, ERROR_RESET_MS, SELECT_OPTION_FLASH_MS]).toEqual([
      1000, 2000, 1000, 2000,
    ]);
  });
});

describe('addToCartButtonReducer', () => {
  it.each([
    ['click', [{ type: 'CLICK' }], { status: 'adding', label: 'Adding…', disabled: true, timerMs: null }],
    [
      'success waits 1 s',
      [{ type: 'CLICK' }, { type: 'SUCCEEDED' }],
      { status: 'succeeded', label: 'Adding…', timerMs: 1000 },
    ],
    [
      'then shows Added! for 2 s',
      [{ type: 'CLICK' }, { type: 'SUCCEEDED' }, 'TIMER'],
      { status: 'added', label: 'Added!', disabled: true, timerMs: 2000 },
    ],
    [
      'then resets',
      [{ type: 'CLICK' }, { type: 'SUCCEEDED' }, 'TIMER', 'TIMER'],
      { status: 'idle', label: 'Add to Cart', disabled: false, timerMs: null },
    ],
    [
      'failure resets after 1 s',
      [{ type: 'CLICK' }, { type: 'FAILED' }],
      { status: 'failed', timerMs: 1000 },
    ],
    [
      'failure then idle',
      [{ type: 'CLICK' }, { type: 'FAILED' }, 'TIMER'],
      { status: 'idle', label: 'Add to Cart', disabled: false },
    ],
    [
      'express skips added',
      [{ type: 'CLICK' }, { type: 'SUCCEEDED', mode: 'express' }],
      { status: 'redirecting', redirect: 'checkout', timerMs: null },
    ],
    [
      'subscription goes to subscription checkout',
      [{ type: 'CLICK' }, { type: 'SUCCEEDED', mode: 'subscription' }],
      { status: 'redirecting', redirect: 'subscription' },
    ],
    [
      'added ignores clicks',
      [{ type: 'CLICK' }, { type: 'SUCCEEDED' }, 'TIMER', { type: 'CLICK' }],
      { status: 'added', label: 'Added!' },
    ],
    ['adding ignores clicks', [{ type: 'CLICK' }, { type: 'CLICK' }], { status: 'adding' }],
    [
      'select option flashes for 2000 ms',
      [{ type: 'OPTIONS_MISSING' }],
      { status: 'select-option', label: 'Select Option', timerMs: 2000 },
    ],
    [
      'select option restores the label',
      [{ type: 'OPTIONS_MISSING' }, 'TIMER'],
      { status: 'idle', label: 'Add to Cart' },
    ],
    [
      'sold out disables and keeps the text',
      [{ type: 'SOLD_OUT' }],
      { status: 'sold-out', label: 'Add to Cart', disabled: true },
    ],
    ['sold out ignores clicks', [{ type: 'SOLD_OUT' }, { type: 'CLICK' }], { status: 'sold-out' }],
    [
      'restock re-enables',
      [{ type: 'SOLD_OUT' }, { type: 'RESTOCKED' }],
      { status: 'idle', label: 'Add to Cart', disabled: false },
    ],
    ['success without a click is ignored', [{ type: 'SUCCEEDED' }], { status: 'idle' }],
  ] as [string, (AddToCartButtonEvent | 'TIMER')[], Partial<AddToCartButtonState>][])(
    '%s',
    (_name, events, expected) => {
      expect(run(events)).toMatchObject(expected);
    },
  );

  it('ignores a stale timer from an earlier state', () => {
    const flashing = run([{ type: 'OPTIONS_MISSING' }]);
    const again = addToCartButtonReducer(flashing, { type: 'OPTIONS_MISSING' });
    expect(addToCartButtonReducer(again, { type: 'TIMER_ELAPSED', seq: flashing.seq })).toBe(again);
    expect(addToCartButtonReducer(again, { type: 'TIMER_ELAPSED', seq: again.seq }).status).toBe('idle');
  });

  it('does not mutate the previous state', () => {
    const start = initialAddToCartButtonState('Buy');
    const frozen = Object.freeze({ ...start });
    expect(() => addToCartButtonReducer(frozen, { type: 'CLICK' })).not.toThrow();
    expect(frozen.status).toBe('idle');
  });
});
