import {
  ADDED_DELAY_MS,
  ADDED_RESET_MS,
  DEFAULT_LABELS,
  ERROR_RESET_MS,
  SELECT_OPTION_FLASH_MS,
} from '../constants';

/** Where a successful add goes: stay (cart), checkout (express) or subscription checkout. */
export type AddToCartMode = 'cart' | 'express' | 'subscription';

export type AddToCartButtonStatus =
  | 'idle'
  | 'adding'
  /** The server accepted the item; "Added!" shows after ADDED_DELAY_MS. */
  | 'succeeded'
  | 'added'
  /** The add failed; back to idle after ERROR_RESET_MS. */
  | 'failed'
  | 'select-option'
  | 'sold-out'
  | 'redirecting';

export interface AddToCartButtonState {
  status: AddToCartButtonStatus;
  label: string;
  /** The text to restore when going back to idle. */
  idleLabel: string;
  disabled: boolean;
  /** When set, the UI schedules `{ type: 'TIMER_ELAPSED', seq }` after this many ms. */
  timerMs: number | null;
  /** Bumped on every transition so a stale timer can be recognised and ignored. */
  seq: number;
  redirect: 'checkout' | 'subscription' | null;
}

export type AddToCartButtonEvent =
  | { type: 'CLICK' }
  | { type: 'SUCCEEDED'; mode?: AddToCartMode }
  | { type: 'FAILED' }
  | { type: 'TIMER_ELAPSED'; seq: number }
  | { type: 'OPTIONS_MISSING' }
  | { type: 'SOLD_OUT' }
  | { type: 'RESTOCKED' };

/**
 * The button at rest.
 *
 * @example
 * initialAddToCartButtonState('Add to Cart').status; // "idle"
 */
export function initialAddToCartButtonState(
  idleLabel: string = DEFAULT_LABELS.addToCart,
): AddToCartButtonState {
  return {
    status: 'idle',
    label: idleLabel,
    idleLabel,
    disabled: false,
    timerMs: null,
    seq: 0,
    redirect: null,
  };
}

function next(
  state: AddToCartButtonState,
  patch: Partial<AddToCartButtonState> & Pick<AddToCartButtonState, 'status'>,
): AddToCartButtonState {
  return { ...state, disabled: false, timerMs: null, redirect: null, ...patch, seq: state.seq + 1 };
}

const idle = (state: AddToCartButtonState) => next(state, { status: 'idle', label: state.idleLabel });

/**
 * The add-to-cart button state machine of spec §4 as a pure reducer. Timings are constants
 * (added after 1 s, idle 2 s later, idle 1 s after an error, "Select Option" for 2000 ms);
 * the caller runs the timer and dispatches TIMER_ELAPSED with the state's `seq`.
 * Clicks are ignored unless idle; express and subscription adds skip "Added!" and redirect;
 * sold out disables the button and keeps its text, restocking restores it.
 *
 * @example
 * let s = initialAddToCartButtonState('Add to Cart');
 * s = addToCartButtonReducer(s, { type: 'CLICK' });       // adding, "Adding…"
 * s = addToCartButtonReducer(s, { type: 'SUCCEEDED' });   // succeeded, timerMs 1000
 * s = addToCartButtonReducer(s, { type: 'TIMER_ELAPSED', seq: s.seq }); // added, "Added!", timerMs 2000
 */
export function addToCartButtonReducer(
  state: AddToCartButtonState,
  event: AddToCartButtonEvent,
): AddToCartButtonState {
  switch (event.type) {
    case 'CLICK':
      if (state.status !== 'idle' || state.disabled) return state;
      return next(state, { status: 'adding', label: DEFAULT_LABELS.adding, disabled: true });
    case 'SUCCEEDED':
      if (state.status !== 'adding') return state;
      if (event.mode === 'express' || event.mode === 'subscription') {
        const redirect = event.mode === 'express' ? 'checkout' : 'subscription';
        return next(state, { status: 'redirecting', label: state.label, disabled: true, redirect });
      }
      return next(state, {
        status: 'succeeded',
        label: state.label,
        disabled: true,
        timerMs: ADDED_DELAY_MS,
      });
    case 'FAILED':
      if (state.status !== 'adding') return state;
      return next(state, { status: 'failed', label: state.label, disabled: true, timerMs: ERROR_RESET_MS });
    case 'TIMER_ELAPSED':
      if (event.seq !== state.seq) return state;
      if (state.status === 'succeeded') {
        return next(state, {
          status: 'added',
          label: DEFAULT_LABELS.added,
          disabled: true,
          timerMs: ADDED_RESET_MS,
        });
      }
      if (state.status === 'added' || state.status === 'failed' || state.status === 'select-option')
        return idle(state);
      return state;
    case 'OPTIONS_MISSING':
      if (state.status !== 'idle' && state.status !== 'select-option') return state;
      return next(state, {
        status: 'select-option',
        label: DEFAULT_LABELS.selectOption,
        timerMs: SELECT_OPTION_FLASH_MS,
      });
    case 'SOLD_OUT':
      return next(state, { status: 'sold-out', label: state.label, disabled: true });
    case 'RESTOCKED':
      return state.status === 'sold-out' ? idle(state) : state;
  }
}
