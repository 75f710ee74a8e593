import { formatMoney } from '@store/commerce';
import { useLayoutEffect, useState } from 'react';
import type { ItemAdded } from '../../cart-store';
import { pageData } from '../../page-data';

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
 * What the item-added popover shows, placed under the visible cart link (re-snapped on
 * scroll, throttled to 100 ms) or top right when no cart link is visible. Loaded with the
 * first add, so a page nobody adds from never downloads it.
 */
export function PopoverCard(props: { added: ItemAdded; onClose: () => void }) {
  const { added, onClose: close } = props;
  // A newer add mounts a new card (keyed by the add), so the effect below runs per add.
  const [pos, setPos] = useState<{ top: number; right: number }>({ top: 16, right: 16 });

  useLayoutEffect(() => {
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
  }, []);

  const { entry } = added;
  const currency = pageData().currency;
  return (
    <div
      className="item-added-popover"
      role="status"
      data-testid="item-added-popover"
      style={{ top: pos.top, right: pos.right }}
      onClick={close}
      onKeyDown={(e) => e.key === 'Escape' && close()}
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
