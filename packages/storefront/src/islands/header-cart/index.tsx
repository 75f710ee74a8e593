import { cartPillCount, cartPillLabel, subtotalText } from '@store/commerce';
import { cartStore } from '../../cart-store';
import { pageData } from '../../page-data';
import { useCart } from '../../use-cart';
import { mountInto } from '../mount-into';

/**
 * Header cart link (spec §2, §4): count and subtotal once the first sync is done; an empty
 * state at 0. Renders into the template's link so it stays a plain /cart link without JS.
 */
function HeaderCart() {
  const { cart, synced } = useCart();
  const qty = cart?.totalQuantity ?? 0;
  const currency = pageData().currency;
  if (!synced) return <span className="header-cart__label">Cart</span>;
  return (
    <>
      <span className="header-cart__label">Cart</span>
      {/* Empty state: no badge (spec §4 empty vs non-empty); the link keeps its width. */}
      {qty > 0 && (
        <span className="header-cart__count sqs-cart-quantity" data-cart-count={qty}>
          {cartPillCount(qty)}
        </span>
      )}
      {qty > 0 && (
        <span className="header-cart__subtotal">{subtotalText(cart?.subtotalCents ?? 0, currency)}</span>
      )}
    </>
  );
}

export function mount(element: HTMLElement): void {
  // Empty vs non-empty state for styling and the link's accessible name.
  const update = () => {
    const { cart, synced } = cartStore.get();
    const qty = cart?.totalQuantity ?? 0;
    element.dataset.cartState = !synced ? 'pending' : qty > 0 ? 'non-empty' : 'empty';
    element.setAttribute('aria-label', qty > 0 ? `Cart, ${cartPillLabel(qty)}` : 'Cart, empty');
  };
  update();
  cartStore.subscribe(update);
  mountInto(element, <HeaderCart />);
}
