import { cartPillCount, cartPillLabel, subtotalText } from '@store/commerce';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { cartStore } from '../../cart-store';
import { lazyComponent } from '../../components/lazy';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';

// The popover (host and card) is needed only once something is added: a visitor who already
// has a cart does not download it with every page.
const ItemAddedPopover = lazyComponent(() => import('./item-added-popover').then((m) => m.ItemAddedPopover));

/**
 * Floating pill cart (spec §4): hidden at 0, fades in above 0, "100+" above 100, subtotal
 * with zero fractions trimmed, spoken label. Goes to /cart (inside the editor frame it sets
 * the frame URL instead). Hidden on the cart page itself.
 */
function CartPill() {
  const { cart } = useCart();
  const qty = cart?.totalQuantity ?? 0;
  const page = pageData();
  const visible = qty > 0 && page.pageType !== 200 && page.pageType !== 201;
  // On a first add the cart islands load after the add was announced: the host picks it up.
  const [added, setAdded] = useState(() => cartStore.lastAdded() !== null);
  useEffect(() => cartStore.onItemAdded(() => setAdded(true)), []);
  return (
    <>
      <a
        href="/cart"
        className={`cart-pill${visible ? ' is-visible' : ''}`}
        aria-label={cartPillLabel(qty)}
        hidden={!visible}
        data-testid="cart-pill"
        onClick={(event) => {
          if (window.top !== window.self) {
            event.preventDefault();
            window.top?.location.assign('/cart');
          }
        }}
      >
        <span className="cart-pill__count">{cartPillCount(qty)}</span>
        <span className="cart-pill__subtotal">{subtotalText(cart?.subtotalCents ?? 0, page.currency)}</span>
      </a>
      {added && <ItemAddedPopover />}
    </>
  );
}

export function mount(element: HTMLElement): void {
  createRoot(element).render(<CartPill />);
}
