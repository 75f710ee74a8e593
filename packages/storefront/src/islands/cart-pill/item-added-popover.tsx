import { useEffect, useState } from 'react';
import { type ItemAdded, cartStore } from '../../cart-store';
import { PopoverCard } from './popover-card';

export const POPOVER_MS = 3000;

/**
 * Item-added popover (spec §4): a newer add replaces it; it closes on click or after 3 s
 * (counted from the add). The pill loads this host and its card with the first add.
 */
export function ItemAddedPopover() {
  // The cart islands load on a visitor's first add, after that add was announced: pick it up.
  const [added, setAdded] = useState<ItemAdded | null>(() => {
    const last = cartStore.lastAdded();
    return last && Date.now() - last.at < POPOVER_MS ? last : null;
  });

  useEffect(() => cartStore.onItemAdded(setAdded), []);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), Math.max(0, POPOVER_MS - (Date.now() - added.at)));
    return () => clearTimeout(timer);
  }, [added]);

  return added ? <PopoverCard key={added.seq} added={added} onClose={() => setAdded(null)} /> : null;
}
