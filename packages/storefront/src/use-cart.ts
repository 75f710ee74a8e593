import { useSyncExternalStore } from 'react';
import { type CartState, cartStore } from './cart-store';

/** The shared cart state in a component. */
export function useCart(): CartState {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get);
}
