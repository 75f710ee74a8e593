import { api } from './api';
import type { CartLine, ShoppingCart as CartView } from '@store/api/client';

export type CartStatus = 'idle' | 'loading' | 'loaded' | 'recalculating';

export interface CartState {
  status: CartStatus;
  cart: CartView | null;
  /** Set once the first sync finished (the header link initialises after it, spec §4). */
  synced: boolean;
}

export interface ItemAdded {
  entry: CartLine;
  imageUrl: string | null;
  seq: number;
  /** When the add finished (ms since epoch): a popover mounted later shows it for the rest of its time. */
  at: number;
}

type Listener = () => void;

let state: CartState = { status: 'idle', cart: null, synced: false };
const listeners = new Set<Listener>();
const addedListeners = new Set<(added: ItemAdded) => void>();
let addedSeq = 0;
let lastAdded: ItemAdded | null = null;

function set(patch: Partial<CartState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/** The shared client cart store (a tiny external store for useSyncExternalStore). */
export const cartStore = {
  get: (): CartState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Listen for "an item was added" (the item-added popover). */
  onItemAdded(listener: (added: ItemAdded) => void): () => void {
    addedListeners.add(listener);
    return () => addedListeners.delete(listener);
  },
  /** The most recent add, for a popover that mounts after it (the cart islands load on first add). */
  lastAdded: (): ItemAdded | null => lastAdded,
  /** Mark the cart as known-empty without a request (spec §4 loading rule). */
  markEmpty(): void {
    set({ synced: true, status: 'loaded' });
  },
  async load(): Promise<CartView | null> {
    set({ status: 'loading' });
    try {
      const cart = await api('GET /api/commerce/shopping-cart', { query: { calculateSubtotal: 'true' } });
      set({ cart, status: 'loaded', synced: true });
      return cart;
    } catch (error) {
      set({ status: 'loaded', synced: true });
      throw error;
    }
  },
  /**
   * Record an add the server answered (the add itself is made by the add-to-cart chunk, loaded
   * on the first click): the new cart, then the "item added" announcement for the popover.
   */
  added(cart: CartView, entry: CartLine, imageUrl: string | null): void {
    set({ cart, status: 'loaded', synced: true });
    const added = { entry, imageUrl, seq: ++addedSeq, at: Date.now() };
    lastAdded = added;
    for (const l of addedListeners) l(added);
  },
  replace(cart: CartView): void {
    set({ cart });
  },
  /** Set the cart status (the cart page's edits: 'recalculating' while a form is saved). */
  setStatus(status: CartStatus): void {
    set({ status });
  },
};
