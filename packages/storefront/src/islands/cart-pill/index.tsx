import { cartPillCount, cartPillLabel, subtotalText } from '@store/commerce';
import { createRoot } from 'react-dom/client';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { ItemAddedPopover } from './item-added-popover';

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
      <ItemAddedPopover />
    </>
  );
}

export function mount(element: HTMLElement): void {
  createRoot(element).render(<CartPill />);
}
