import { formatMoney } from '@store/commerce';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type ItemAdded, cartStore } from '../../cart-store';
import { pageData } from '../../page-data';

export const POPOVER_MS = 3000;
export const SCROLL_THROTTLE_MS = 100;

/** The visible cart link the popover snaps to, if any. */
function visibleCartLink(): HTMLElement | null {
  // The header cart link(s); the floating pill is not a snap target (it sits at the bottom).
  for (const el of document.querySelectorAll<HTMLElement>('.header-cart')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight) return el;
  }
  return null;
}

/**
 * Item-added popover (spec §4): a newer add replaces it; it closes on click or after 3 s;
 * while visible it re-snaps under the visible cart link on scroll (throttled to 100 ms), or
 * sits top right when no cart link is visible.
 */
export function ItemAddedPopover() {
  // The cart islands load on a visitor's first add, after that add was announced: pick it up.
  const [added, setAdded] = useState<ItemAdded | null>(() => {
    const last = cartStore.lastAdded();
    return last && Date.now() - last.at < POPOVER_MS ? last : null;
  });
  const [pos, setPos] = useState<{ top: number; right: number }>({ top: 16, right: 16 });
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => cartStore.onItemAdded(setAdded), []);
  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(null), Math.max(0, POPOVER_MS - (Date.now() - added.at)));
    return () => clearTimeout(timer);
  }, [added]);

  useLayoutEffect(() => {
    if (!added) return;
    const snap = () => {
      const link = visibleCartLink();
      if (!link) return setPos({ top: 16, right: 16 });
      const r = link.getBoundingClientRect();
      setPos({ top: Math.max(8, r.bottom + 8), right: Math.max(8, window.innerWidth - r.right) });
    };
    snap();
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const now = Date.now();
      const wait = SCROLL_THROTTLE_MS - (now - last);
      if (wait <= 0) {
        last = now;
        snap();
      } else if (!trailing) {
        trailing = setTimeout(() => {
          trailing = undefined;
          last = Date.now();
          snap();
        }, wait);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(trailing);
    };
  }, [added]);

  if (!added) return null;
  const { entry } = added;
  const currency = pageData().currency;
  return (
    <div
      ref={ref}
      key={added.seq}
      className="item-added-popover"
      role="status"
      data-testid="item-added-popover"
      style={{ top: pos.top, right: pos.right }}
      onClick={() => setAdded(null)}
      onKeyDown={(e) => e.key === 'Escape' && setAdded(null)}
    >
      {added.imageUrl && <img src={added.imageUrl} alt="" width={56} height={56} />}
      <div>
        <p>
          <strong>Added to cart</strong>
        </p>
        <p>
          {entry.title}
          {Object.values(entry.chosenVariant?.attributes ?? {}).length > 0 &&
            ` — ${Object.values(entry.chosenVariant.attributes).join(' / ')}`}
        </p>
        <p className="meta">
          {formatMoney(entry.purchasePriceCents, currency)} · <a href="/cart">View cart</a>
        </p>
      </div>
    </div>
  );
}
